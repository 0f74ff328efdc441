package dev.herald.gdxgame;

import dev.herald.Address;
import dev.herald.Header;
import dev.herald.MessageBus;
import dev.herald.Registration;
import java.util.List;

/**
 * An entity: an address on the bus with its components registered at it. A {@link Hit} sent to the
 * address reaches this fighter's components and no other fighter's.
 */
final class Fighter {
  private final Corner corner;
  private final Address address;
  private final Header toIt;
  private final Health health;
  private final HitFlash flash;
  private final Registration healthAtAddress;
  private final Registration flashAtAddress;

  Fighter(MessageBus bus, Corner corner, int hp, List<String> transcript) {
    this.corner = corner;
    this.address = bus.createAddress();
    this.toIt = Header.to(address);
    this.health = new Health(corner, hp, transcript, this);
    this.flash = new HitFlash(bus, this);
    // Registration order is delivery order: health first, so a knockout can stop the flash.
    this.healthAtAddress = bus.registration().at(address).register(health);
    this.flashAtAddress = bus.registration().at(address).register(flash);
  }

  /** Removes the fighter's components: its address retires, and what is sent to it is dead. */
  void leaveTheRing() {
    healthAtAddress.close();
    flashAtAddress.close();
  }

  Corner corner() {
    return corner;
  }

  Address address() {
    return address;
  }

  /** The header that sends a message to this fighter only. */
  Header toIt() {
    return toIt;
  }

  Health health() {
    return health;
  }

  HitFlash flash() {
    return flash;
  }

  boolean isKnockedOut() {
    return health.hp() == 0;
  }
}
