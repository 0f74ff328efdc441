package dev.herald.nats;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The flight recorder's record of a message the bridge could not hand to NATS ({@link
 * MessageDroppedException}).
 */
@Name("dev.herald.nats.MessageDropped")
@Label("NATS Message Dropped")
@Description("A Herald NATS bridge could not hand a message to NATS; it was not sent")
@Category({"Herald", "NATS"})
@StackTrace(false)
final class MessageDroppedEvent extends Event {

  @Label("Bridge Origin")
  @Description("The origin of the bridge that dropped it")
  String bridge;

  @Label("Subject")
  @Description("The subject it was for, without the bridge's origin")
  String subject;

  @Label("Message Type")
  @Description("The class of what was dropped")
  String messageType;

  @Label("Cause")
  @Description("Why: the client's or the server's answer")
  String cause;

  @Label("Dropped So Far")
  @Description("How many messages the bridge has dropped, this one included")
  long droppedSoFar;

  static void emit(
      String bridge, String subject, Object message, Throwable cause, long droppedSoFar) {
    MessageDroppedEvent event = new MessageDroppedEvent();
    if (event.shouldCommit()) {
      event.bridge = bridge;
      event.subject = subject;
      event.messageType = message == null ? null : message.getClass().getName();
      event.cause = cause == null ? null : cause.toString();
      event.droppedSoFar = droppedSoFar;
      event.commit();
    }
  }
}
