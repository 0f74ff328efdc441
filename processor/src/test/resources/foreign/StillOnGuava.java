package foreign;

@SuppressWarnings("herald-foreign-subscribe")
class StillOnGuava {
  @com.google.common.eventbus.Subscribe
  void onLegacy(String message) {}
}
