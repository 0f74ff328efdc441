package dev.herald;

import dev.herald.BusDescription.AddressListing;
import dev.herald.BusDescription.Handler;
import dev.herald.BusDescription.StickyMessage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Makes a {@link BusDescription} from the registry's own structures, under its lock: copies of the
 * handlers grouped by type, the registrations counted once each, and who is at each address.
 * Nothing of the bus is referred to by what it makes but addresses and class names.
 */
final class BusDescriptionBuilder {
  private BusDescriptionBuilder() {}

  /** What {@code subscribers} and the bound {@code names} describe, with {@code stickyMessages}. */
  static BusDescription describe(
      List<Subscriber> subscribers,
      Map<String, RegistrationEntry> names,
      List<StickyMessage> stickyMessages) {
    List<Subscriber> ordered = new ArrayList<>(subscribers);
    ordered.sort(new ByTypeThenDeliveryOrder());
    Map<Class<?>, List<Handler>> grouped = new LinkedHashMap<>();
    List<Handler> all = new ArrayList<>();
    Map<RegistrationEntry, Boolean> seen = new IdentityHashMap<>();
    Map<Long, AddressListing> listings = new TreeMap<>();
    for (Subscriber subscriber : ordered) {
      Handler handler = new Handler(subscriber);
      all.add(handler);
      List<Handler> ofType = grouped.get(handler.messageType());
      if (ofType == null) {
        ofType = new ArrayList<>();
        grouped.put(handler.messageType(), ofType);
      }
      ofType.add(handler);
      RegistrationEntry registration = subscriber.registration;
      if (seen.put(registration, Boolean.TRUE) == null) {
        if (registration.address != null) {
          listingOf(listings, registration.address).registered.add(handler.listenerClass());
        }
        for (Address watched : registration.observed) {
          listingOf(listings, watched).observers.add(handler.listenerClass());
        }
      }
    }
    for (Map.Entry<String, RegistrationEntry> name : new TreeMap<>(names).entrySet()) {
      Address address = name.getValue().address;
      if (address != null) {
        listingOf(listings, address).names.add(name.getKey());
      }
    }
    for (Map.Entry<Class<?>, List<Handler>> type : grouped.entrySet()) {
      type.setValue(Collections.unmodifiableList(type.getValue()));
    }
    return new BusDescription(
        Collections.unmodifiableList(all),
        Collections.unmodifiableMap(grouped),
        List.copyOf(listings.values()),
        List.copyOf(stickyMessages),
        seen.size());
  }

  private static AddressListing listingOf(Map<Long, AddressListing> listings, Address address) {
    AddressListing listing = listings.get(address.entry.number);
    if (listing == null) {
      listing = new AddressListing(address);
      listings.put(address.entry.number, listing);
    }
    return listing;
  }

  /** By the name of the type taken, then in delivery order. */
  private static final class ByTypeThenDeliveryOrder implements Comparator<Subscriber> {
    @Override
    public int compare(Subscriber a, Subscriber b) {
      int byName = a.messageType.getName().compareTo(b.messageType.getName());
      return byName != 0 ? byName : Subscriber.DELIVERY_ORDER.compare(a, b);
    }
  }
}
