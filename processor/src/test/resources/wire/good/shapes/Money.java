package shapes;

import dev.herald.annotation.Wire;

/** A final class: a private field with an accessor, a getter, and a package-private field. */
@Wire(id = 12)
public final class Money {
  private final long cents;
  private final String currency;
  final boolean estimate;
  private transient int hash;

  public Money(long cents, String currency, boolean estimate) {
    this.cents = cents;
    this.currency = currency;
    this.estimate = estimate;
  }

  public long cents() {
    return cents;
  }

  public String getCurrency() {
    return currency;
  }

  @Override
  public int hashCode() {
    if (hash == 0) {
      hash = Long.hashCode(cents) * 31 + currency.hashCode();
    }
    return hash;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Money m && m.cents == cents && m.currency.equals(currency)
        && m.estimate == estimate;
  }
}
