package dev.herald.benchmarks.routing;

import dev.herald.benchmarks.routing.RoutingMessages.*;
import io.reactivex.rxjava3.disposables.CompositeDisposable;
import io.reactivex.rxjava3.subjects.PublishSubject;

/** How an RxJava user routes by type: one {@code ofType} subscription per handler. */
public final class RxRouting {
  private RxRouting() {}

  public static CompositeDisposable subscribe(
      PublishSubject<Object> subject,
      RoutingListenerA a,
      RoutingListenerB b,
      RoutingListenerC c,
      RoutingListenerD d,
      RoutingListenerE e) {
    CompositeDisposable all = new CompositeDisposable();
    all.add(subject.ofType(Flat00.class).subscribe(a::onFlat00));
    all.add(subject.ofType(Flat01.class).subscribe(a::onFlat01));
    all.add(subject.ofType(Flat02.class).subscribe(a::onFlat02));
    all.add(subject.ofType(Flat03.class).subscribe(a::onFlat03));
    all.add(subject.ofType(Flat04.class).subscribe(a::onFlat04));
    all.add(subject.ofType(Flat05.class).subscribe(a::onFlat05));
    all.add(subject.ofType(Flat06.class).subscribe(a::onFlat06));
    all.add(subject.ofType(Flat07.class).subscribe(a::onFlat07));
    all.add(subject.ofType(Flat08.class).subscribe(a::onFlat08));
    all.add(subject.ofType(Flat09.class).subscribe(a::onFlat09));
    all.add(subject.ofType(Flat10.class).subscribe(b::onFlat10));
    all.add(subject.ofType(Flat11.class).subscribe(b::onFlat11));
    all.add(subject.ofType(Flat12.class).subscribe(b::onFlat12));
    all.add(subject.ofType(Flat13.class).subscribe(b::onFlat13));
    all.add(subject.ofType(Flat14.class).subscribe(b::onFlat14));
    all.add(subject.ofType(Flat15.class).subscribe(b::onFlat15));
    all.add(subject.ofType(Flat16.class).subscribe(b::onFlat16));
    all.add(subject.ofType(Flat17.class).subscribe(b::onFlat17));
    all.add(subject.ofType(Flat18.class).subscribe(b::onFlat18));
    all.add(subject.ofType(Flat19.class).subscribe(b::onFlat19));
    all.add(subject.ofType(Flat20.class).subscribe(c::onFlat20));
    all.add(subject.ofType(Flat21.class).subscribe(c::onFlat21));
    all.add(subject.ofType(Flat22.class).subscribe(c::onFlat22));
    all.add(subject.ofType(Flat23.class).subscribe(c::onFlat23));
    all.add(subject.ofType(Flat24.class).subscribe(c::onFlat24));
    all.add(subject.ofType(Flat25.class).subscribe(c::onFlat25));
    all.add(subject.ofType(Flat26.class).subscribe(c::onFlat26));
    all.add(subject.ofType(Flat27.class).subscribe(c::onFlat27));
    all.add(subject.ofType(Flat28.class).subscribe(c::onFlat28));
    all.add(subject.ofType(Flat29.class).subscribe(c::onFlat29));
    all.add(subject.ofType(Flat30.class).subscribe(d::onFlat30));
    all.add(subject.ofType(Flat31.class).subscribe(d::onFlat31));
    all.add(subject.ofType(Flat32.class).subscribe(d::onFlat32));
    all.add(subject.ofType(Flat33.class).subscribe(d::onFlat33));
    all.add(subject.ofType(Flat34.class).subscribe(d::onFlat34));
    all.add(subject.ofType(Flat35.class).subscribe(d::onFlat35));
    all.add(subject.ofType(Flat36.class).subscribe(d::onFlat36));
    all.add(subject.ofType(Flat37.class).subscribe(d::onFlat37));
    all.add(subject.ofType(Flat38.class).subscribe(d::onFlat38));
    all.add(subject.ofType(Flat39.class).subscribe(d::onFlat39));
    all.add(subject.ofType(Flat40.class).subscribe(e::onFlat40));
    all.add(subject.ofType(Flat41.class).subscribe(e::onFlat41));
    all.add(subject.ofType(Flat42.class).subscribe(e::onFlat42));
    all.add(subject.ofType(Flat43.class).subscribe(e::onFlat43));
    all.add(subject.ofType(Flat44.class).subscribe(e::onFlat44));
    all.add(subject.ofType(Flat45.class).subscribe(e::onFlat45));
    all.add(subject.ofType(Flat46.class).subscribe(e::onFlat46));
    all.add(subject.ofType(Flat47.class).subscribe(e::onFlat47));
    all.add(subject.ofType(Flat48.class).subscribe(e::onFlat48));
    all.add(subject.ofType(Depth3.class).subscribe(e::onDepth3));
    return all;
  }
}
