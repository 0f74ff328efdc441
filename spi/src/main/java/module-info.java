/** The contract between the dispatchers Herald's processor generates and the runtime. */
module dev.herald.spi {
  exports dev.herald.spi;
}
