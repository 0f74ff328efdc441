package bad;

/** A user's own class that happens to have the name Herald would give Taken's dispatcher. */
public class Taken_Dispatcher {}
