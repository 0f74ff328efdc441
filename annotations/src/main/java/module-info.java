/** {@code @Subscribe} and the other annotations Herald's processor reads. */
module dev.herald.annotations {
  exports dev.herald.annotation;
}
