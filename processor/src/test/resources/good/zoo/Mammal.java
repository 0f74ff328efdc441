package zoo;

/** A superclass without handlers: no dispatcher, nothing to inherit. */
public class Mammal extends Animal {}
