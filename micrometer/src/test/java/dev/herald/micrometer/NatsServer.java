package dev.herald.micrometer;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A NATS server for the tests, as herald-nats's tests start one: its own {@code nats-server} on a
 * free port of 127.0.0.1 when the binary is installed, else the server at {@code NATS_URL}. With
 * neither, the tests are skipped, unless the build says {@code -Dherald.nats.required=true}.
 */
final class NatsServer implements AutoCloseable {
  private final Process process;
  private final String url;

  private NatsServer(Process process, String url) {
    this.process = process;
    this.url = url;
  }

  static NatsServer start() throws IOException {
    Path binary = findBinary();
    if (binary == null) {
      String url = System.getenv("NATS_URL");
      if (url == null || url.isBlank()) {
        String why =
            "These tests need a NATS server: install nats-server, or set NATS_URL to a server";
        if (Boolean.getBoolean("herald.nats.required")) {
          fail("herald.nats.required is set, but no NATS server is available. " + why);
        }
        Assumptions.abort(why);
      }
      return new NatsServer(null, url);
    }
    int port = freePort();
    Process started =
        new ProcessBuilder(
                List.of(binary.toString(), "-a", "127.0.0.1", "-p", Integer.toString(port)))
            .redirectErrorStream(true)
            .start();
    CompletableFuture<String> ready = new CompletableFuture<>();
    Thread reader = new Thread(() -> readLog(started, ready), "nats-server log");
    reader.setDaemon(true);
    reader.start();
    try {
      ready.get(20, TimeUnit.SECONDS);
    } catch (Exception notReady) {
      started.destroyForcibly();
      throw new IOException("nats-server did not become ready: " + notReady, notReady);
    }
    return new NatsServer(started, "nats://127.0.0.1:" + port);
  }

  String url() {
    return url;
  }

  @Override
  public void close() throws InterruptedException {
    if (process != null) {
      process.destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
    }
  }

  private static void readLog(Process process, CompletableFuture<String> ready) {
    try (BufferedReader log =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      StringBuilder seen = new StringBuilder();
      for (String line = log.readLine(); line != null; line = log.readLine()) {
        seen.append(line).append('\n');
        if (line.contains("Server is ready")) {
          ready.complete(line);
        }
      }
      ready.completeExceptionally(new IOException("nats-server exited:\n" + seen));
    } catch (IOException e) {
      ready.completeExceptionally(e);
    }
  }

  private static Path findBinary() {
    String path = System.getenv("PATH");
    String[] directories =
        ((path == null ? "" : path)
                + File.pathSeparator
                + "/usr/sbin"
                + File.pathSeparator
                + "/usr/local/bin")
            .split(File.pathSeparator);
    for (String directory : directories) {
      Path candidate = Path.of(directory, "nats-server");
      if (!directory.isEmpty() && Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
