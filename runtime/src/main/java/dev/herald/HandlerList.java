package dev.herald;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * The multicast mechanism behind {@link Signal} and every handler list of the bus: an array that is
 * copied when handlers are added or removed, and never while dispatching.
 *
 * <p>A dispatch ({@link #dispatch}, or a loop over {@link #nodes()} such as {@link Router}'s)
 * iterates the array it found when it began, skipping nodes retired since; when it is done it looks
 * again, and if nodes were added meanwhile it visits those too (those stamped after every node it
 * visited), in list order. So a handler removed during a dispatch is not called from then on, and
 * one added during a dispatch on the same thread is called for that message, after the handlers
 * that were already there. A dispatch takes no lock and allocates nothing.
 *
 * <p>Changes are not synchronized here: the owner makes them one at a time, under its own lock (a
 * {@link Signal}'s, or the registry's for the bus), and publishes each by the volatile write of the
 * new array.
 *
 * @param <N> the nodes held
 */
class HandlerList<N extends HandlerList.Node> {

  /**
   * What a list holds: retiring a node stops the dispatches on the retiring thread from using it,
   * including the one in progress. Other threads need no flag: whoever retires a node also takes it
   * out of the array, and that volatile write is what a dispatch starting later reads first, so it
   * never sees the node.
   */
  abstract static class Node {
    final long stamp;
    private boolean retired;

    Node(long stamp) {
      this.stamp = stamp;
    }

    final void retire() {
      retired = true;
    }

    final boolean isRetired() {
      return retired;
    }
  }

  /** Does the work of a dispatch for one node, returning an amount the dispatch adds up. */
  interface Visitor<N, M> {
    int visit(N node, M message);
  }

  private static final Node[] EMPTY = {};

  private final Comparator<? super N> order;
  private volatile Node[] nodes = EMPTY;

  /**
   * The nodes' stamps must increase in the order the nodes are made.
   *
   * @param order how to keep the nodes sorted, or {@code null} to keep them in the order added
   */
  HandlerList(Comparator<? super N> order) {
    this.order = order;
  }

  /**
   * Calls {@code visitor} for every node that is not retired, in list order, then for the nodes
   * added while that ran; returns the sum of what it returned.
   */
  @SuppressWarnings("unchecked")
  <M> int dispatch(M message, Visitor<? super N, ? super M> visitor) {
    Node[] visited = nodes;
    int total = 0;
    for (Node node : visited) {
      if (!node.isRetired()) {
        total += visitor.visit((N) node, message);
      }
    }
    Node[] current = nodes;
    if (current != visited) {
      total += visitAdded(visited, current, message, visitor);
    }
    return total;
  }

  /**
   * The rare path: the list changed during a dispatch. A node added since was stamped after every
   * node of the array the dispatch began with, so its stamp is above their highest.
   */
  @SuppressWarnings("unchecked")
  private <M> int visitAdded(
      Node[] visited, Node[] current, M message, Visitor<? super N, ? super M> visitor) {
    long seen = highestStamp(visited);
    int total = 0;
    while (current != visited) {
      visited = current;
      long highest = highestStamp(visited);
      for (Node node : visited) {
        if (node.stamp > seen && !node.isRetired()) {
          total += visitor.visit((N) node, message);
        }
      }
      seen = Math.max(seen, highest);
      current = nodes;
    }
    return total;
  }

  /**
   * The array of nodes now in the list, in order, for a dispatch written as a loop; it is never
   * changed, and a new one replaces it whenever the list changes.
   */
  Node[] nodes() {
    return nodes;
  }

  /** The highest stamp in {@code array}: a node added later has a higher one. */
  static long highestStamp(Node[] array) {
    long highest = Long.MIN_VALUE;
    for (Node node : array) {
      highest = Math.max(highest, node.stamp);
    }
    return highest;
  }

  /**
   * Whether some node of {@code array} was added after every node of an array whose highest stamp
   * is {@code seen}.
   */
  static boolean addedSince(Node[] array, long seen) {
    for (Node node : array) {
      if (node.stamp > seen) {
        return true;
      }
    }
    return false;
  }

  void add(N node) {
    Node[] old = nodes;
    int at = old.length;
    if (order != null) {
      while (at > 0 && compare(node, old[at - 1]) < 0) {
        at--;
      }
    }
    Node[] grown = new Node[old.length + 1];
    System.arraycopy(old, 0, grown, 0, at);
    grown[at] = node;
    System.arraycopy(old, at, grown, at + 1, old.length - at);
    nodes = grown;
    added(at, node);
  }

  /** Called by {@link #add} once {@code node} is in the array, at {@code at}. */
  void added(int at, N node) {}

  /** Called by {@link #remove} once {@code node}, which was at {@code at}, is out of the array. */
  void removed(int at, N node) {}

  /** Adds many nodes with one copy. */
  @SuppressWarnings("unchecked")
  void addAll(Collection<? extends N> added) {
    if (added.isEmpty()) {
      return;
    }
    Node[] old = nodes;
    Node[] grown = Arrays.copyOf(old, old.length + added.size());
    int i = old.length;
    for (N node : added) {
      grown[i++] = node;
    }
    if (order != null) {
      Arrays.sort(grown, (Comparator<Node>) (Comparator<?>) order);
    }
    nodes = grown;
  }

  /** Takes {@code node} out of the list; the caller retires it first if it must stop at once. */
  @SuppressWarnings("unchecked")
  boolean remove(Node node) {
    Node[] old = nodes;
    for (int i = 0; i < old.length; i++) {
      if (old[i] == node) {
        Node[] shrunk = new Node[old.length - 1];
        System.arraycopy(old, 0, shrunk, 0, i);
        System.arraycopy(old, i + 1, shrunk, i, old.length - i - 1);
        nodes = shrunk;
        removed(i, (N) node);
        return true;
      }
    }
    return false;
  }

  /**
   * Takes every retired node out of the list with one copy (where {@link #remove} copies once per
   * node): what a purge of many collected listeners needs.
   *
   * @return the nodes taken out
   */
  @SuppressWarnings("unchecked")
  List<N> removeRetired() {
    Node[] old = nodes;
    List<N> removed = new ArrayList<>();
    Node[] kept = new Node[old.length];
    int count = 0;
    for (Node node : old) {
      if (node.isRetired()) {
        removed.add((N) node);
      } else {
        kept[count++] = node;
      }
    }
    if (!removed.isEmpty()) {
      nodes = count == 0 ? EMPTY : Arrays.copyOf(kept, count);
    }
    return removed;
  }

  /** Retires every node and empties the list, stopping the dispatches in progress. */
  void clear() {
    for (Node node : nodes) {
      node.retire();
    }
    nodes = EMPTY;
  }

  /** The nodes now in the list, in order. */
  @SuppressWarnings("unchecked")
  List<N> toList() {
    List<N> list = new ArrayList<>(nodes.length);
    for (Node node : nodes) {
      list.add((N) node);
    }
    return list;
  }

  int size() {
    return nodes.length;
  }

  boolean isEmpty() {
    return nodes.length == 0;
  }

  @SuppressWarnings("unchecked")
  private int compare(N a, Node b) {
    return order.compare(a, (N) b);
  }
}
