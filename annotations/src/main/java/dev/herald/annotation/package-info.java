/** The annotations that Herald's processor reads at compile time. */
package dev.herald.annotation;
