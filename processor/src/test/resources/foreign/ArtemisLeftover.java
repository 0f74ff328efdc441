package foreign;

class ArtemisLeftover {
  @net.mostlyoriginal.api.event.common.Subscribe
  public void onMessage(String message) {}
}
