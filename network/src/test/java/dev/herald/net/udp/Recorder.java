package dev.herald.net.udp;

import java.util.ArrayList;
import java.util.List;

/** Records what a node's listener heard. */
public final class Recorder implements PeerListener {

  public final List<Peer> connected = new ArrayList<>();
  public final List<byte[]> messages = new ArrayList<>();
  public final List<Peer> messageSenders = new ArrayList<>();
  public final List<byte[]> snapshots = new ArrayList<>();
  public final List<Peer> disconnected = new ArrayList<>();
  public final List<DisconnectReason> reasons = new ArrayList<>();

  @Override
  public synchronized void onConnected(Peer peer) {
    connected.add(peer);
  }

  @Override
  public synchronized void onMessage(Peer peer, byte[] payload) {
    messages.add(payload);
    messageSenders.add(peer);
  }

  @Override
  public synchronized void onSnapshot(Peer peer, byte[] payload) {
    snapshots.add(payload);
  }

  @Override
  public synchronized void onDisconnected(Peer peer, DisconnectReason reason) {
    disconnected.add(peer);
    reasons.add(reason);
  }

  public synchronized DisconnectReason lastReason() {
    return reasons.isEmpty() ? null : reasons.get(reasons.size() - 1);
  }
}
