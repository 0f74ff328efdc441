package dev.herald.wire.tests;

import dev.herald.annotation.Wire;
import java.util.Objects;

/** A final class: private fields with accessors, one package-private field. */
@Wire(id = 7)
public final class Account {
  private final String owner;
  private final long balance;
  final boolean frozen;

  public Account(String owner, long balance, boolean frozen) {
    this.owner = owner;
    this.balance = balance;
    this.frozen = frozen;
  }

  public String getOwner() {
    return owner;
  }

  public long balance() {
    return balance;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Account a
        && Objects.equals(a.owner, owner)
        && a.balance == balance
        && a.frozen == frozen;
  }

  @Override
  public int hashCode() {
    return Objects.hash(owner, balance, frozen);
  }

  @Override
  public String toString() {
    return "Account[" + owner + ", " + balance + (frozen ? ", frozen]" : "]");
  }
}
