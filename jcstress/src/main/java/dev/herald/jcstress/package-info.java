/**
 * JCStress tests of the reads the post path makes without synchronizing: each test races real bus
 * calls on two threads, and states which outcome the code's ordering forbids and why. Tests of
 * package-private classes live in those classes' packages (on the class path).
 */
package dev.herald.jcstress;
