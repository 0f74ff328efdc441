package dev.herald.testing;

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
 * A NATS server for the tests: its own {@code nats-server} process with JetStream, on a free port
 * of 127.0.0.1, when the binary is installed; else the server at {@code NATS_URL}. With neither,
 * the tests are skipped, unless the build says {@code -Dherald.nats.required=true} (as {@code
 * .ci/run} does): then they fail.
 */
public final class NatsServer implements AutoCloseable {
  public static final String HOW_TO_INSTALL =
      "These tests need a NATS server: install nats-server"
          + " (Debian/Ubuntu: apt-get install nats-server; macOS: brew install nats-server; or"
          + " https://docs.nats.io/running-a-nats-service/introduction/installation), or set NATS_URL"
          + " to a server with JetStream enabled (nats-server -js)";

  private final Path binary;
  private final Path store;
  private final int port;
  private final String externalUrl;

  /** A configuration file the server reads, or null. */
  private Path config;

  private Process process;

  private NatsServer(Path binary, Path store, int port, String externalUrl) {
    this.binary = binary;
    this.store = store;
    this.port = port;
    this.externalUrl = externalUrl;
  }

  /**
   * A server of this test's own that reads {@code configuration} (nats-server's configuration
   * language: users and their permissions, say); the address, port and JetStream options of the
   * command line come on top of it.
   */
  public static NatsServer startOwn(String configuration) throws IOException, InterruptedException {
    Path binary = findBinary();
    if (binary == null) {
      unavailable(
          "This test configures its own server, so NATS_URL is not enough. " + HOW_TO_INSTALL);
    }
    NatsServer server =
        new NatsServer(binary, Files.createTempDirectory("herald-nats"), freePort(), null);
    server.config = Files.writeString(server.store.resolve("nats-server.conf"), configuration);
    server.launch();
    return server;
  }

  /** The URL with a user's name and password. */
  public String url(String user, String password) {
    return "nats://" + user + ":" + password + "@127.0.0.1:" + port;
  }

  /** A running server, or the test is skipped (or failed, when the build requires NATS). */
  public static NatsServer start() throws IOException, InterruptedException {
    Path binary = findBinary();
    if (binary == null) {
      String url = System.getenv("NATS_URL");
      if (url == null || url.isBlank()) {
        unavailable(HOW_TO_INSTALL);
      }
      return new NatsServer(null, null, -1, url);
    }
    NatsServer server =
        new NatsServer(binary, Files.createTempDirectory("herald-nats"), freePort(), null);
    server.launch();
    return server;
  }

  /** A server this test owns, so that it can stop and restart it; skipped with NATS_URL alone. */
  public static NatsServer startOwn() throws IOException, InterruptedException {
    if (findBinary() == null) {
      unavailable(
          "This test stops and restarts its own server, so NATS_URL is not enough. "
              + HOW_TO_INSTALL);
    }
    return start();
  }

  private static void unavailable(String why) {
    if (Boolean.getBoolean("herald.nats.required")) {
      fail("herald.nats.required is set, but no NATS server is available. " + why);
    }
    Assumptions.abort(why);
  }

  /** The server's URL. */
  public String url() {
    return externalUrl != null ? externalUrl : "nats://127.0.0.1:" + port;
  }

  /** Stops the server as a crash would (SIGKILL), and waits until it is gone. */
  public void stop() throws InterruptedException {
    if (process != null) {
      process.destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
      process = null;
    }
  }

  /** Starts it again on the same port, with the same JetStream store. */
  public void restart() throws IOException, InterruptedException {
    stop();
    launch();
  }

  @Override
  public void close() throws InterruptedException {
    stop();
  }

  private void launch() throws IOException, InterruptedException {
    List<String> command =
        new java.util.ArrayList<>(
            List.of(
                binary.toString(),
                "-a",
                "127.0.0.1",
                "-p",
                Integer.toString(port),
                "-js",
                "-sd",
                store.toString()));
    if (config != null) {
      command.addAll(List.of("-c", config.toString()));
    }
    Process started = new ProcessBuilder(command).redirectErrorStream(true).start();
    CompletableFuture<String> ready = new CompletableFuture<>();
    Thread reader = new Thread(() -> readLog(started, ready), "nats-server log");
    reader.setDaemon(true);
    reader.start();
    try {
      ready.get(20, TimeUnit.SECONDS);
    } catch (Exception notReady) {
      started.destroyForcibly();
      throw new IOException(
          "nats-server did not become ready on port " + port + ": " + notReady, notReady);
    }
    process = started;
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

  /**
   * A port nothing listens on, below the kernel's ephemeral range (32768 and up on Linux): a port
   * from that range, which is what binding port 0 gives, can be taken while the server is down by
   * the local end of an outgoing connection, even by a client reconnecting to it (a TCP connection
   * to itself), and the restart would then fail to bind.
   */
  private static int freePort() throws IOException {
    java.util.Random random = new java.util.Random();
    IOException last = null;
    for (int attempt = 0; attempt < 100; attempt++) {
      int port = 20_000 + random.nextInt(12_000);
      try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
        return socket.getLocalPort();
      } catch (IOException taken) {
        last = taken;
      }
    }
    throw new IOException("no free port found between 20000 and 32000", last);
  }
}
