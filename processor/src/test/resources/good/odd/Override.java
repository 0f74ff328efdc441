package odd;

/** A user class that shadows java.lang.Override in this package. */
public final class Override {}
