package dev.herald.tools;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** Map files written into a class folder or a jar as the processor lays them out, and a run. */
final class MapFiles {
  private MapFiles() {}

  /** The outcome of one run of the tool: its status and what it printed. */
  record Run(int status, String out, String err) {}

  static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status =
        MessageMapTool.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(
        status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** A class folder with {@code files} under {@code META-INF/herald/map/}. */
  static Path folder(Path folder, Map<String, String> files) throws IOException {
    Path mapFolder = Files.createDirectories(folder.resolve(MapReader.FOLDER));
    for (Map.Entry<String, String> file : files.entrySet()) {
      Files.writeString(mapFolder.resolve(file.getKey()), file.getValue(), StandardCharsets.UTF_8);
    }
    return folder;
  }

  /** A jar with {@code files} under {@code META-INF/herald/map/}. */
  static Path jar(Path jar, Map<String, String> files) throws IOException {
    try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(jar))) {
      for (Map.Entry<String, String> file : files.entrySet()) {
        out.putNextEntry(new ZipEntry(MapReader.FOLDER + file.getKey()));
        out.write(file.getValue().getBytes(StandardCharsets.UTF_8));
        out.closeEntry();
      }
    }
    return jar;
  }
}
