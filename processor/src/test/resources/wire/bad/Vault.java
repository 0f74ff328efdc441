package bad;

import dev.herald.annotation.Wire;

@Wire
public final class Vault {
  private final long gold;
  private final String owner;

  public Vault(long gold, String owner) {
    this.gold = gold;
    this.owner = owner;
  }

  public String owner() {
    return owner;
  }
}
