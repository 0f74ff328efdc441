package dev.herald.net.udp;

import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.util.Iterator;
import java.util.LinkedHashMap;

/**
 * The server's half of the handshake: answers requests with cookies, keeping nothing, and judges
 * the responses that echo them. Its only memory is the nonces of cookies that connected, until they
 * expire, to refuse their replays. That memory is bounded: past its size the oldest is forgotten,
 * and a cookie no newer than one forgotten is answered with a fresh challenge instead of being
 * trusted, so neither a replay nor a full memory can connect or refuse anyone wrongly. Not
 * thread-safe: the node calls it under its lock.
 */
final class ServerHandshake {

  /** What to do with a response. */
  enum Verdict {
    /** Malformed, a bad or expired cookie, or a replay: counted, and nothing is sent. */
    DROP,
    /** The client is connected already and our accept was lost: send it again. */
    ACCEPT_AGAIN,
    /**
     * A valid cookie the server can no longer tell from a replay (older than a used one it forgot,
     * or than the cookie of the connection it would replace): send a fresh challenge, which only
     * whoever receives at the address can answer.
     */
    CHALLENGE_AGAIN,
    /** A valid cookie, but no room: tell the client the server is full. */
    REFUSE,
    /** A valid cookie from its own address, first use: connect the client. */
    ACCEPT,
    /**
     * A valid cookie, first use, newer than the connection's, from the address of a connected peer:
     * the peer came back (it crashed, restarted on the same port or behind a NAT that keeps ports);
     * end the old connection and connect the new one.
     */
    REPLACE
  }

  private final NodeConfig config;
  private final NodeCounters counters;
  private final Cookies cookies;

  /** Nonces of the cookies that connected, with their expiry, oldest accepted first. */
  private final LinkedHashMap<Long, Long> usedCookies = new LinkedHashMap<>();

  /** Whether a used cookie was forgotten before it expired, and the latest expiry of those. */
  private boolean anyForgotten;

  private long forgottenUpTo;

  /**
   * No remembered cookie expires before this, nor does the forgotten one: {@link #forgetExpired}
   * has nothing to do until then, and walks the memory only once something in it has expired.
   */
  private long nothingExpiresBefore;

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

  /** A fresh challenge for the client whose response was judged {@link Verdict#CHALLENGE_AGAIN}. */
  byte[] challengeAgain(InetSocketAddress client, byte[] response, long now) {
    counters.challengesSent++;
    return challenge(client, nonceOf(response), now);
  }

  private byte[] challenge(InetSocketAddress client, long nonce, long now) {
    long expiry = now + config.cookieLifetime().toNanos();
    byte[] challenge = ControlPacket.challenge(nonce, expiry, new byte[ControlPacket.COOKIE_SIZE]);
    cookies.mint(
        config.protocol(), client, nonce, expiry, challenge, ControlPacket.CHALLENGE_COOKIE);
    return challenge;
  }

  /**
   * Judges the response in {@code datagram} from {@code sender}, where {@code existing} is
   * connected already (or null) and {@code peers} are; on {@link Verdict#ACCEPT} and {@link
   * Verdict#REPLACE} the cookie is remembered as used.
   */
  Verdict judge(
      InetSocketAddress sender, byte[] datagram, int length, long now, Peer existing, int peers) {
    if (!wellFormed(datagram, length)) {
      return Verdict.DROP;
    }
    long nonce = nonceOf(datagram);
    long expiry = expiryOf(datagram);
    if (expiry - now <= 0
        || expiry - now > config.cookieLifetime().toNanos()
        || !cookies.check(
            config.protocol(), sender, nonce, expiry, datagram, ControlPacket.RESPONSE_COOKIE)) {
      counters.badCookies++;
      return Verdict.DROP;
    }
    if (existing != null && existing.nonce == nonce) {
      return Verdict.ACCEPT_AGAIN;
    }
    if (usedCookies.containsKey(nonce)) {
      counters.replayedCookies++;
      return Verdict.DROP;
    }
    // Expiries order cookies by when they were minted. One minted in the same clock tick as
    // the newest forgotten one is taken as fresh, or a stopped clock would never let anyone in.
    if ((anyForgotten && expiry - forgottenUpTo < 0)
        || (existing != null && expiry - existing.cookieExpiry <= 0)) {
      counters.staleCookies++;
      return Verdict.CHALLENGE_AGAIN;
    }
    if (existing == null && peers >= config.maxPeers()) {
      counters.peersRefused++;
      return Verdict.REFUSE;
    }
    remember(nonce, expiry);
    counters.peersAccepted++;
    if (existing != null) {
      counters.peersReplaced++;
      return Verdict.REPLACE;
    }
    return Verdict.ACCEPT;
  }

  private void remember(long nonce, long expiry) {
    if (usedCookies.size() >= maxRemembered()) {
      Iterator<Long> eldest = usedCookies.values().iterator();
      long forgotten = eldest.next();
      eldest.remove();
      if (!anyForgotten || forgotten - forgottenUpTo > 0) {
        forgottenUpTo = forgotten;
      }
      anyForgotten = true;
    }
    if (usedCookies.isEmpty() && !anyForgotten) {
      nothingExpiresBefore = expiry;
    } else if (expiry - nothingExpiresBefore < 0) {
      nothingExpiresBefore = expiry;
    }
    usedCookies.put(nonce, expiry);
  }

  static long nonceOf(byte[] response) {
    return ControlPacket.getLong(response, ControlPacket.RESPONSE_NONCE);
  }

  static long expiryOf(byte[] response) {
    return ControlPacket.getLong(response, ControlPacket.RESPONSE_EXPIRY);
  }

  private boolean wellFormed(byte[] datagram, int length) {
    if (length != ControlPacket.PADDED_SIZE
        || ControlPacket.getLong(datagram, 1) != config.protocol()) {
      counters.malformedHandshakes++;
      return false;
    }
    return true;
  }

  /** Forgets the cookies that have expired: they cannot be replayed any more. */
  void forgetExpired(long now) {
    if ((usedCookies.isEmpty() && !anyForgotten) || now - nothingExpiresBefore < 0) {
      return; // called on every update: nothing to walk until something has expired
    }
    long next = now + config.cookieLifetime().toNanos(); // no cookie lives longer
    for (Iterator<Long> expiries = usedCookies.values().iterator(); expiries.hasNext(); ) {
      long expiry = expiries.next();
      if (expiry - now <= 0) {
        expiries.remove();
      } else if (expiry - next < 0) {
        next = expiry;
      }
    }
    if (anyForgotten && forgottenUpTo - now <= 0) {
      anyForgotten = false; // every cookie it stood for has expired
    }
    if (anyForgotten && forgottenUpTo - next < 0) {
      next = forgottenUpTo;
    }
    nothingExpiresBefore = next;
  }

  /** How many used cookies are remembered. */
  int remembered() {
    return usedCookies.size();
  }

  /** Past this many, the oldest used cookie is forgotten, so the memory stays bounded. */
  private int maxRemembered() {
    return 16 * config.maxPeers();
  }

  /**
   * Test hook, for the fuzz test only: a response as if {@code client} had echoed a real challenge.
   */
  byte[] validResponseForTests(InetSocketAddress client, long nonce, long now) {
    return ControlPacket.response(config.protocol(), challenge(client, nonce, now));
  }
}
