package dev.herald.net.udp;

import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * The server's half of the handshake: answers requests with cookies, keeping nothing, and
 * judges the responses that echo them. Its only memory is the nonces of cookies that
 * connected, until they expire, to refuse their replays; that memory is bounded too. Not
 * thread-safe: the node calls it under its lock.
 */
final class ServerHandshake {

  /** What to do with a response. */
  enum Verdict {
    /** Malformed, a bad or expired cookie, or a replay: counted, and nothing is sent. */
    DROP,
    /** The client is connected already and our accept was lost: send it again. */
    ACCEPT_AGAIN,
    /** A valid cookie, but no room: tell the client the server is full. */
    REFUSE,
    /** A valid cookie from its own address, first use: connect the client. */
    ACCEPT
  }

  private final NodeConfig config;
  private final NodeCounters counters;
  private final Cookies cookies;
  private final Map<Long, Long> acceptedNonces = new HashMap<>();

  ServerHandshake(NodeConfig config, NodeCounters counters, SecureRandom random) {
    this.config = config;
    this.counters = counters;
    this.cookies = new Cookies(random);
  }

  /** The challenge answering the request in {@code datagram}, or null if it is malformed. */
  byte[] answer(InetSocketAddress sender, byte[] datagram, int length, long now) {
    if (!wellFormed(datagram, length)) {
      return null;
    }
    long nonce = ControlPacket.getLong(datagram, 9);
    counters.challengesSent++;
    return challenge(sender, nonce, now);
  }

  private byte[] challenge(InetSocketAddress client, long nonce, long now) {
    long expiry = now + config.cookieLifetime().toNanos();
    byte[] challenge = ControlPacket.challenge(nonce, expiry, new byte[ControlPacket.COOKIE_SIZE]);
    cookies.mint(config.protocol(), client, nonce, expiry, challenge, ControlPacket.CHALLENGE_COOKIE);
    return challenge;
  }

  /**
   * Judges the response in {@code datagram} from {@code sender}, where {@code existing} is
   * connected already (or null) and {@code peers} are; on {@link Verdict#ACCEPT} the cookie
   * is remembered as used.
   */
  Verdict judge(InetSocketAddress sender, byte[] datagram, int length, long now, Peer existing, int peers) {
    if (!wellFormed(datagram, length)) {
      return Verdict.DROP;
    }
    long nonce = nonceOf(datagram);
    long expiry = ControlPacket.getLong(datagram, ControlPacket.RESPONSE_EXPIRY);
    if (expiry - now <= 0 || expiry - now > config.cookieLifetime().toNanos()
        || !cookies.check(config.protocol(), sender, nonce, expiry, datagram, ControlPacket.RESPONSE_COOKIE)) {
      counters.badCookies++;
      return Verdict.DROP;
    }
    if (existing != null) {
      if (existing.nonce == nonce) {
        return Verdict.ACCEPT_AGAIN;
      }
      counters.replayedCookies++; // another handshake from a connected address: the old one must end first
      return Verdict.DROP;
    }
    if (acceptedNonces.containsKey(nonce)) {
      counters.replayedCookies++;
      return Verdict.DROP;
    }
    if (peers >= config.maxPeers() || acceptedNonces.size() >= maxRemembered()) {
      counters.peersRefused++;
      return Verdict.REFUSE;
    }
    acceptedNonces.put(nonce, expiry);
    counters.peersAccepted++;
    return Verdict.ACCEPT;
  }

  static long nonceOf(byte[] response) {
    return ControlPacket.getLong(response, ControlPacket.RESPONSE_NONCE);
  }

  private boolean wellFormed(byte[] datagram, int length) {
    if (length != ControlPacket.PADDED_SIZE || ControlPacket.getLong(datagram, 1) != config.protocol()) {
      counters.malformedHandshakes++;
      return false;
    }
    return true;
  }

  /** Forgets the cookies that have expired: they cannot be replayed any more. */
  void forgetExpired(long now) {
    for (Iterator<Long> expiries = acceptedNonces.values().iterator(); expiries.hasNext(); ) {
      if (expiries.next() - now <= 0) {
        expiries.remove();
      }
    }
  }

  /** How many used cookies are remembered. */
  int remembered() {
    return acceptedNonces.size();
  }

  /** Past this many, the server refuses until cookies expire, so replay memory stays bounded. */
  private int maxRemembered() {
    return 16 * config.maxPeers();
  }

  /** For the fuzz test: a response as if {@code client} had echoed a real challenge. */
  byte[] validResponseFor(InetSocketAddress client, long nonce, long now) {
    return ControlPacket.response(config.protocol(), challenge(client, nonce, now));
  }
}
