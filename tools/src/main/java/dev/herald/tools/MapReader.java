package dev.herald.tools;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * Reads the message map files that Herald's processor writes under {@code META-INF/herald/map/} of
 * a jar or a class folder, into one {@link MessageMap}.
 *
 * <p>Only the files the indexes ({@code listeners.index}, {@code wire.index}) list are read: a
 * build that recompiled some sources may leave the file of a deleted listener behind, and the index
 * is what says which listeners have a registered dispatcher. Keywords and attributes this version
 * does not know are skipped, so a newer processor's files still read.
 *
 * <p>An index lists file names beside it, nothing else: an entry that is not such a name ({@code
 * ../x}, {@code /etc/x}, a name with a space) is refused, and so is a file of a class folder whose
 * real path leads out of the folder (a symbolic link to elsewhere). A message quotes a file's text
 * only where it is a Herald map file's, so that the tool never prints what another file holds.
 */
final class MapReader {
  static final String FOLDER = "META-INF/herald/map/";
  static final String FORMAT = "herald-map 1";
  private static final List<String> INDEXES = List.of("listeners.index", "wire.index");

  /**
   * Far above any real program's map files, all together; what a damaged or hostile input could
   * make the tool read and hold, whatever its files inflate to or how often its index names one.
   */
  static final int MOST_BYTES = 64 << 20;

  private final MessageMap map;

  /** What the files read so far held, of every input: bounded by {@link #MOST_BYTES}. */
  private long bytesRead;

  MapReader(MessageMap map) {
    this.map = map;
  }

  /**
   * Reads the map of one jar or class folder.
   *
   * @return whether it had one
   */
  boolean read(Path input) throws IOException, MapFormatException {
    if (Files.isDirectory(input)) {
      return readFolder(input);
    }
    try (ZipFile jar = new ZipFile(input.toFile())) {
      return readJar(input, jar);
    } catch (ZipException e) {
      throw new MapFormatException(input + " is neither a jar nor a directory: " + e.getMessage());
    }
  }

  private boolean readFolder(Path folder) throws IOException, MapFormatException {
    Path root = folder.toRealPath();
    Path mapFolder = folder.resolve(FOLDER);
    String where = folder + "/" + FOLDER;
    boolean found = false;
    for (String index : INDEXES) {
      Path indexFile = mapFolder.resolve(index);
      if (Files.isRegularFile(indexFile)) {
        found = true;
        byte[] indexBytes = bytesOf(inside(root, folder, indexFile, where + index), where + index);
        for (String file : entries(where + index, lines(indexBytes))) {
          Path mapFile = mapFolder.resolve(file);
          if (!Files.isRegularFile(mapFile)) {
            throw missing(where + index, file);
          }
          Path real = inside(root, folder, mapFile, where + index + " lists " + file + ", which");
          readMapFile(where + file, lines(bytesOf(real, where + file)));
        }
      }
    }
    return found;
  }

  private boolean readJar(Path path, ZipFile jar) throws IOException, MapFormatException {
    boolean found = false;
    for (String index : INDEXES) {
      ZipEntry indexEntry = jar.getEntry(FOLDER + index);
      if (indexEntry != null) {
        found = true;
        String where = path + "!/" + FOLDER;
        for (String file : entries(where + index, lines(bytesOf(jar, indexEntry, where + index)))) {
          ZipEntry entry = jar.getEntry(FOLDER + file);
          if (entry == null || entry.isDirectory()) {
            throw missing(where + index, file);
          }
          readMapFile(where + file, lines(bytesOf(jar, entry, where + file)));
        }
      }
    }
    return found;
  }

  /**
   * The real path of {@code file}, which must lie in the class folder {@code root}: a symbolic link
   * out of it is refused, so that a class folder cannot make the tool read, or quote, elsewhere.
   */
  private static Path inside(Path root, Path folder, Path file, String what)
      throws IOException, MapFormatException {
    Path real = file.toRealPath();
    if (!real.startsWith(root)) {
      throw new MapFormatException(
          what
              + " leads out of "
              + folder
              + " (a symbolic link to elsewhere): refused, a map file must lie in the class folder"
              + " it describes");
    }
    return real;
  }

  private static MapFormatException missing(String index, String file) {
    return new MapFormatException(
        index + " lists " + file + ", which is not there: rebuild it (mvn clean verify)");
  }

  private byte[] bytesOf(Path file, String where) throws IOException, MapFormatException {
    if (Files.size(file) > MOST_BYTES - bytesRead) {
      throw tooLarge(where);
    }
    return counted(Files.readAllBytes(file), where);
  }

  private byte[] bytesOf(ZipFile jar, ZipEntry entry, String where)
      throws IOException, MapFormatException {
    try (InputStream in = jar.getInputStream(entry)) {
      // the size in the entry is the jar's word, not a promise: count what is inflated
      return counted(in.readNBytes((int) (MOST_BYTES - bytesRead) + 1), where);
    }
  }

  private byte[] counted(byte[] bytes, String where) throws MapFormatException {
    if (bytes.length > MOST_BYTES - bytesRead) {
      throw tooLarge(where);
    }
    bytesRead += bytes.length;
    return bytes;
  }

  private MapFormatException tooLarge(String where) {
    return new MapFormatException(
        where
            + (bytesRead == 0
                ? " is larger than "
                : " makes the map files read, with those before it, larger than ")
            + (MOST_BYTES >> 20)
            + " MiB: not the map of a program built by Herald's processor");
  }

  private static List<String> lines(byte[] bytes) {
    String text = new String(bytes, StandardCharsets.UTF_8);
    List<String> lines = new ArrayList<>();
    for (String line : text.split("\n", -1)) {
      String trimmed = line.strip();
      if (!trimmed.isEmpty()) {
        lines.add(trimmed);
      }
    }
    return lines;
  }

  /** The files an index lists, after checking its version line and that each is a file name. */
  private static List<String> entries(String where, List<String> lines) throws MapFormatException {
    checkFormat(where, lines);
    List<String> entries = lines.subList(1, lines.size());
    for (String entry : entries) {
      if (!isFileName(entry)) {
        throw new MapFormatException(
            where
                + " lists '"
                + Printable.of(entry)
                + "', which is not the name of a map file beside it (such as"
                + " demo.Radar.listener): refused, an index names no other place");
      }
    }
    return entries;
  }

  /**
   * Whether {@code entry} is a name the processor could have written, a binary name and a suffix:
   * no separator, no {@code ..}, no space or control character, so it names a file beside the index
   * and nothing else.
   */
  static boolean isFileName(String entry) {
    if (entry.isEmpty() || entry.equals(".") || entry.equals("..")) {
      return false;
    }
    for (int i = 0; i < entry.length(); ) {
      int c = entry.codePointAt(i);
      boolean allowed =
          c == '.'
              || (Character.isJavaIdentifierPart(c)
                  && !Character.isIdentifierIgnorable(c)
                  && !Character.isISOControl(c));
      if (!allowed) {
        return false;
      }
      i += Character.charCount(c);
    }
    return true;
  }

  private static void checkFormat(String where, List<String> lines) throws MapFormatException {
    String first = lines.isEmpty() ? "" : lines.get(0);
    if (first.equals(FORMAT)) {
      return;
    }
    // Another version's first line is worth quoting; any other file's text is not the tool's
    // to print.
    if (first.startsWith("herald-map ") && first.length() <= 32) {
      throw new MapFormatException(
          where
              + " starts with '"
              + Printable.of(first)
              + "', not '"
              + FORMAT
              + "': it was written by another version of Herald's processor; use the"
              + " herald-tools of the same version");
    }
    throw new MapFormatException(
        where
            + " does not start with '"
            + FORMAT
            + "': it is not a map file of Herald's processor, or a damaged one; rebuild it (mvn"
            + " clean verify)");
  }

  private void readMapFile(String where, List<String> lines) throws MapFormatException {
    checkFormat(where, lines);
    Map<String, List<MessageMap.Handler>> listeners = new LinkedHashMap<>();
    String listener = null;
    String wire = null;
    for (String line : lines.subList(1, lines.size())) {
      String[] fields = line.split(" ");
      switch (fields[0]) {
        case "listener":
          need(where, line, fields, 2);
          listener = fields[1];
          listeners.putIfAbsent(listener, new ArrayList<>());
          break;
        case "handler":
          need(where, line, fields, 3);
          if (listener == null) {
            throw new MapFormatException(where + ": a handler line before the listener line");
          }
          listeners
              .get(listener)
              .add(new MessageMap.Handler(listener, fields[1], fields[2], attributes(fields)));
          break;
        case "type":
          need(where, line, fields, 3);
          map.addType(
              new MessageMap.Type(
                  fields[1], fields[2], Arrays.asList(fields).subList(3, fields.length)),
              where);
          break;
        case "wire":
          need(where, line, fields, 4);
          map.addWireType(
              new MessageMap.WireType(
                  fields[1],
                  wireId(where, fields[2]),
                  Arrays.asList(fields).contains("derived-id")),
              String.join(" ", Arrays.asList(fields).subList(2, fields.length)),
              where);
          wire = fields[1];
          break;
        case "subtype":
          need(where, line, fields, 2);
          if (wire != null) {
            map.addSubtype(fields[1], wire);
          }
          break;
        default:
          // a keyword of a later version: skipped, as the format promises
      }
    }
    for (Map.Entry<String, List<MessageMap.Handler>> each : listeners.entrySet()) {
      map.addListener(each.getKey(), each.getValue(), where);
    }
  }

  private static void need(String where, String line, String[] fields, int count)
      throws MapFormatException {
    if (fields.length < count) {
      throw new MapFormatException(
          where + ": the line '" + Printable.of(line) + "' has too few fields");
    }
  }

  private static int wireId(String where, String id) throws MapFormatException {
    try {
      return Integer.parseInt(id);
    } catch (NumberFormatException e) {
      throw new MapFormatException(
          where + ": the wire id '" + Printable.of(id) + "' is not a number");
    }
  }

  /** The attributes after a handler's message type, with lanes and tags percent-decoded. */
  private static List<String> attributes(String[] fields) {
    List<String> attributes = new ArrayList<>();
    for (int i = 3; i < fields.length; i++) {
      String field = fields[i];
      if (field.startsWith("lane=") || field.startsWith("tags=")) {
        attributes.add(field.substring(0, 5) + percentDecoded(field.substring(5)));
      } else {
        attributes.add(field);
      }
    }
    return attributes;
  }

  /** Undoes the processor's encoding of free text: {@code %XX} bytes of UTF-8. */
  static String percentDecoded(String text) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '%' && isHex(text, i + 1) && isHex(text, i + 2)) {
        bytes.write(Integer.parseInt(text.substring(i + 1, i + 3), 16));
        i += 2;
      } else {
        bytes.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static boolean isHex(String text, int index) {
    return index < text.length() && Character.digit(text.charAt(index), 16) >= 0;
  }
}
