package foreign;

class GreenrobotLeftover {
  @org.greenrobot.eventbus.Subscribe
  public void onMessage(String message) {}
}
