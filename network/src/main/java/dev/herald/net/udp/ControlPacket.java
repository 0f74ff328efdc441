package dev.herald.net.udp;

/**
 * The node's own datagrams, beside the reliable layer's packets: the handshake, the clean
 * disconnect and unreliable snapshots. All in one place.
 *
 * <p>Every datagram starts with a flags byte. The reliable layer's packets leave its top bit 0 (see
 * {@code dev.herald.net.PacketFormat}); the node's own set it, and the low bits say which:
 *
 * <pre>
 * REQUEST    0x81  protocol:u64  clientNonce:u64  zero padding          = {@value #PADDED_SIZE} bytes
 * CHALLENGE  0x82  clientNonce:u64  expiry:u64  cookie:16 bytes          = {@value #CHALLENGE_SIZE} bytes
 * RESPONSE   0x83  protocol:u64  clientNonce:u64  expiry:u64  cookie  zero padding = {@value #PADDED_SIZE} bytes
 * ACCEPT     0x84  clientNonce:u64  token:u64                            = {@value #ACCEPT_SIZE} bytes
 * DENIED     0x85  clientNonce:u64                                       = {@value #DENIED_SIZE} bytes
 * DISCONNECT 0x86  token:u64                                             = {@value #DISCONNECT_SIZE} bytes
 * SNAPSHOT   0x87  token:u64  sequence:u32  payload
 * </pre>
 *
 * <p>Why the padding: the server answers a request before the client has proved it can receive at
 * its address, so the answer must not be larger than the request, or a forged source address would
 * turn the server into an amplifier. Requests and responses are padded to {@value #PADDED_SIZE}
 * bytes; every answer is smaller. A request or response of any other size is dropped. Room for
 * encryption later: a sealed packet will set flag bit 6.
 */
final class ControlPacket {

  static final int CONTROL_FLAG = 0x80;
  static final int REQUEST = 0x81;
  static final int CHALLENGE = 0x82;
  static final int RESPONSE = 0x83;
  static final int ACCEPT = 0x84;
  static final int DENIED = 0x85;
  static final int DISCONNECT = 0x86;
  static final int SNAPSHOT = 0x87;

  static final int COOKIE_SIZE = 16;
  static final int PADDED_SIZE = 128;
  static final int CHALLENGE_SIZE = 1 + 8 + 8 + COOKIE_SIZE;
  static final int ACCEPT_SIZE = 1 + 8 + 8;
  static final int DENIED_SIZE = 1 + 8;
  static final int DISCONNECT_SIZE = 1 + 8;
  static final int SNAPSHOT_HEADER_SIZE = 1 + 8 + 4;

  /** Where each field of a RESPONSE starts. */
  static final int RESPONSE_NONCE = 1 + 8;

  static final int RESPONSE_EXPIRY = RESPONSE_NONCE + 8;
  static final int RESPONSE_COOKIE = RESPONSE_EXPIRY + 8;

  /** Where the cookie of a CHALLENGE starts. */
  static final int CHALLENGE_COOKIE = 1 + 8 + 8;

  private ControlPacket() {}

  static boolean isControl(byte[] datagram, int length) {
    return length > 0 && (datagram[0] & CONTROL_FLAG) != 0;
  }

  static byte[] request(long protocol, long nonce) {
    byte[] packet = new byte[PADDED_SIZE];
    packet[0] = (byte) REQUEST;
    putLong(packet, 1, protocol);
    putLong(packet, 9, nonce);
    return packet;
  }

  static byte[] challenge(long nonce, long expiry, byte[] cookie) {
    byte[] packet = new byte[CHALLENGE_SIZE];
    packet[0] = (byte) CHALLENGE;
    putLong(packet, 1, nonce);
    putLong(packet, 9, expiry);
    System.arraycopy(cookie, 0, packet, CHALLENGE_COOKIE, COOKIE_SIZE);
    return packet;
  }

  /** The RESPONSE that answers {@code challenge}: it echoes the nonce, expiry and cookie. */
  static byte[] response(long protocol, byte[] challenge) {
    byte[] packet = new byte[PADDED_SIZE];
    packet[0] = (byte) RESPONSE;
    putLong(packet, 1, protocol);
    System.arraycopy(challenge, 1, packet, RESPONSE_NONCE, 8 + 8 + COOKIE_SIZE);
    return packet;
  }

  static byte[] accept(long nonce, long token) {
    byte[] packet = new byte[ACCEPT_SIZE];
    packet[0] = (byte) ACCEPT;
    putLong(packet, 1, nonce);
    putLong(packet, 9, token);
    return packet;
  }

  static byte[] denied(long nonce) {
    byte[] packet = new byte[DENIED_SIZE];
    packet[0] = (byte) DENIED;
    putLong(packet, 1, nonce);
    return packet;
  }

  static byte[] disconnect(long token) {
    byte[] packet = new byte[DISCONNECT_SIZE];
    packet[0] = (byte) DISCONNECT;
    putLong(packet, 1, token);
    return packet;
  }

  static byte[] snapshot(long token, int sequence, byte[] payload) {
    byte[] packet = new byte[SNAPSHOT_HEADER_SIZE + payload.length];
    packet[0] = (byte) SNAPSHOT;
    putLong(packet, 1, token);
    putInt(packet, 9, sequence);
    System.arraycopy(payload, 0, packet, SNAPSHOT_HEADER_SIZE, payload.length);
    return packet;
  }

  static long getLong(byte[] bytes, int offset) {
    long value = 0;
    for (int i = offset; i < offset + 8; i++) {
      value = (value << 8) | (bytes[i] & 0xFF);
    }
    return value;
  }

  static int getInt(byte[] bytes, int offset) {
    int value = 0;
    for (int i = offset; i < offset + 4; i++) {
      value = (value << 8) | (bytes[i] & 0xFF);
    }
    return value;
  }

  static void putLong(byte[] bytes, int offset, long value) {
    for (int i = 0; i < 8; i++) {
      bytes[offset + i] = (byte) (value >>> (56 - 8 * i));
    }
  }

  static void putInt(byte[] bytes, int offset, int value) {
    for (int i = 0; i < 4; i++) {
      bytes[offset + i] = (byte) (value >>> (24 - 8 * i));
    }
  }
}
