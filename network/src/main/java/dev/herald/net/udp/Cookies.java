package dev.herald.net.udp;

import java.net.InetSocketAddress;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Mints and checks the server's handshake cookies: a MAC, under a key only this server knows, of
 * the client's address, its nonce and an expiry time. A client that echoes a valid cookie from the
 * address it was sent to has proved it receives there, and the server kept nothing in between: a
 * flood of requests costs it CPU, never memory. Not thread-safe.
 */
final class Cookies {

  private final Mac mac;
  private final byte[] full;
  private final byte[] scratch = new byte[8];

  Cookies(SecureRandom random) {
    byte[] key = new byte[32];
    random.nextBytes(key);
    try {
      mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
    } catch (GeneralSecurityException e) {
      // Every Java platform must provide HmacSHA256 (see the javadoc of Mac).
      throw new IllegalStateException(
          "this JVM lacks HmacSHA256, which every Java platform must provide", e);
    }
    full = new byte[mac.getMacLength()];
  }

  /**
   * The cookie for {@code client}, {@code nonce} and {@code expiry}, written into {@code into} at
   * {@code offset}.
   */
  void mint(
      long protocol, InetSocketAddress client, long nonce, long expiry, byte[] into, int offset) {
    compute(protocol, client, nonce, expiry);
    System.arraycopy(full, 0, into, offset, ControlPacket.COOKIE_SIZE);
  }

  /**
   * Whether the cookie at {@code offset} of {@code packet} is the one this server minted for these
   * values.
   */
  boolean check(
      long protocol, InetSocketAddress client, long nonce, long expiry, byte[] packet, int offset) {
    compute(protocol, client, nonce, expiry);
    byte[] carried = new byte[ControlPacket.COOKIE_SIZE];
    System.arraycopy(packet, offset, carried, 0, carried.length);
    byte[] expected = new byte[ControlPacket.COOKIE_SIZE];
    System.arraycopy(full, 0, expected, 0, expected.length);
    return MessageDigest.isEqual(carried, expected); // constant time: no guessing byte by byte
  }

  private void compute(long protocol, InetSocketAddress client, long nonce, long expiry) {
    update(protocol);
    mac.update(client.getAddress().getAddress());
    update(client.getPort());
    update(nonce);
    update(expiry);
    try {
      mac.doFinal(full, 0);
    } catch (javax.crypto.ShortBufferException e) {
      throw new IllegalStateException(e); // full is exactly the MAC's length
    }
  }

  private void update(long value) {
    ControlPacket.putLong(scratch, 0, value);
    mac.update(scratch);
  }
}
