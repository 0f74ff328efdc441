package dev.herald.tools;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
 */
final class MapReader {
  static final String FOLDER = "META-INF/herald/map/";
  static final String FORMAT = "herald-map 1";
  private static final List<String> INDEXES = List.of("listeners.index", "wire.index");

  private final MessageMap map;

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
    boolean found = false;
    for (String index : INDEXES) {
      Path indexFile = folder.resolve(FOLDER + index);
      if (Files.isRegularFile(indexFile)) {
        found = true;
        String where = folder + "/" + FOLDER;
        for (String file : entries(where + index, lines(Files.readAllBytes(indexFile)))) {
          Path mapFile = folder.resolve(FOLDER + file);
          if (!Files.isRegularFile(mapFile)) {
            throw missing(where + index, file);
          }
          readMapFile(where + file, lines(Files.readAllBytes(mapFile)));
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
        for (String file : entries(where + index, lines(bytesOf(jar, indexEntry)))) {
          ZipEntry entry = jar.getEntry(FOLDER + file);
          if (entry == null) {
            throw missing(where + index, file);
          }
          readMapFile(where + file, lines(bytesOf(jar, entry)));
        }
      }
    }
    return found;
  }

  private static MapFormatException missing(String index, String file) {
    return new MapFormatException(
        index + " lists " + file + ", which is not there: rebuild it (mvn clean verify)");
  }

  private static byte[] bytesOf(ZipFile jar, ZipEntry entry) throws IOException {
    try (InputStream in = jar.getInputStream(entry)) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      in.transferTo(bytes);
      return bytes.toByteArray();
    }
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

  /** The files an index lists, after checking its version line. */
  private static List<String> entries(String where, List<String> lines) throws MapFormatException {
    checkFormat(where, lines);
    return lines.subList(1, lines.size());
  }

  private static void checkFormat(String where, List<String> lines) throws MapFormatException {
    if (lines.isEmpty() || !lines.get(0).equals(FORMAT)) {
      throw new MapFormatException(
          where
              + " starts with '"
              + (lines.isEmpty() ? "" : lines.get(0))
              + "', not '"
              + FORMAT
              + "': it was written by another version of Herald's processor; use the"
              + " herald-tools of the same version");
    }
  }

  private void readMapFile(String where, List<String> lines) throws MapFormatException {
    checkFormat(where, lines);
    String listener = null;
    String wire = null;
    for (String line : lines.subList(1, lines.size())) {
      String[] fields = line.split(" ");
      switch (fields[0]) {
        case "listener":
          need(where, line, fields, 2);
          listener = fields[1];
          map.addListener(listener);
          break;
        case "handler":
          need(where, line, fields, 3);
          if (listener == null) {
            throw new MapFormatException(where + ": a handler line before the listener line");
          }
          map.addHandler(
              new MessageMap.Handler(listener, fields[1], fields[2], attributes(fields)));
          break;
        case "type":
          need(where, line, fields, 3);
          map.addType(
              new MessageMap.Type(
                  fields[1], fields[2], Arrays.asList(fields).subList(3, fields.length)));
          break;
        case "wire":
          need(where, line, fields, 4);
          map.addWireType(
              new MessageMap.WireType(
                  fields[1],
                  wireId(where, fields[2]),
                  Arrays.asList(fields).contains("derived-id")));
          wire = fields[1];
          break;
        case "subtype":
          need(where, line, fields, 2);
          if (wire != null) {
            map.addType(new MessageMap.Type(fields[1], MessageMap.UNKNOWN_KIND, List.of(wire)));
          }
          break;
        default:
          // a keyword of a later version: skipped, as the format promises
      }
    }
  }

  private static void need(String where, String line, String[] fields, int count)
      throws MapFormatException {
    if (fields.length < count) {
      throw new MapFormatException(where + ": the line '" + line + "' has too few fields");
    }
  }

  private static int wireId(String where, String id) throws MapFormatException {
    try {
      return Integer.parseInt(id);
    } catch (NumberFormatException e) {
      throw new MapFormatException(where + ": the wire id '" + id + "' is not a number");
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
