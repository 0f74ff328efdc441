package foreign;

class MBassadorLeftover {
  @net.engio.mbassy.listener.Handler
  public void onMessage(String message) {}
}
