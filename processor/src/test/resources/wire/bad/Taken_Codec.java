package bad;

/** Has the name Herald would give Taken's codec. */
public final class Taken_Codec {}
