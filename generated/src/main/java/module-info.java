/** The contract between the dispatchers Herald's processor generates and the runtime. */
module dev.herald.internal.generated {
  exports dev.herald.internal.generated;
}
