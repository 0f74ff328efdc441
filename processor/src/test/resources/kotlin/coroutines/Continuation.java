package kotlin.coroutines;

/** Stands in for Kotlin's {@code Continuation}, the last parameter of a suspend function. */
public interface Continuation<T> {}
