package dev.herald.nats;

import dev.herald.annotation.Wire;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A record of many fields, each absent in a nested value of no bytes: one byte on the wire. */
@Wire(id = 107)
public record Wide(
    String a,
    String b,
    String c,
    String d,
    String e,
    List<String> f,
    List<String> g,
    List<String> h,
    List<String> i,
    List<String> j,
    Set<String> k,
    Set<String> l,
    Set<String> m,
    Set<String> n,
    Set<String> o,
    Map<String, String> p,
    Map<String, String> q,
    Map<String, String> r,
    Map<String, String> s,
    Map<String, String> t) {}
