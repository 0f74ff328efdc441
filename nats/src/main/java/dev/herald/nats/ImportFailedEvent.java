package dev.herald.nats;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The flight recorder's record of a message from another process that arrived but did not reach
 * every handler ({@link ImportFailedException}).
 */
@Name("dev.herald.nats.ImportFailed")
@Label("NATS Import Failed")
@Description("A message from another process arrived at a Herald NATS bridge but was not delivered")
@Category({"Herald", "NATS"})
@StackTrace(false)
final class ImportFailedEvent extends Event {

  @Label("Bridge Origin")
  @Description("The origin of the bridge that imported it")
  String bridge;

  @Label("Sender Origin")
  @Description("The process that sent it")
  String sender;

  @Label("Subject")
  @Description("The subject it came on, without the sender's origin")
  String subject;

  @Label("Will Be Redelivered")
  @Description("Whether JetStream will deliver it again (a durable import with attempts left)")
  boolean willBeRedelivered;

  @Label("Cause")
  @Description("What decoding or delivering it threw")
  String cause;

  static void emit(String bridge, ImportFailedException failure) {
    ImportFailedEvent event = new ImportFailedEvent();
    if (event.shouldCommit()) {
      event.bridge = bridge;
      event.sender = failure.origin();
      event.subject = failure.subject();
      event.willBeRedelivered = failure.willBeRedelivered();
      event.cause = failure.getCause() == null ? null : failure.getCause().toString();
      event.commit();
    }
  }
}
