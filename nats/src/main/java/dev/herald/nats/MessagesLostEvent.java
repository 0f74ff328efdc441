package dev.herald.nats;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The flight recorder's record of a gap in what another process sent on a subject: messages that
 * never arrived ({@link MessagesLostException}, {@link MessagesLost}).
 */
@Name("dev.herald.nats.MessagesLost")
@Label("NATS Messages Lost")
@Description("Messages another process sent never reached a Herald NATS bridge")
@Category({"Herald", "NATS"})
@StackTrace(false)
final class MessagesLostEvent extends Event {

  @Label("Bridge Origin")
  @Description("The origin of the bridge that noticed the gap")
  String bridge;

  @Label("Sender Origin")
  @Description("The process whose messages were lost")
  String sender;

  @Label("Subject")
  @Description("The subject they were sent on, without the sender's origin")
  String subject;

  @Label("Count")
  @Description("How many were lost in this gap")
  long count;

  @Label("Lost So Far")
  @Description("How many messages the bridge has counted lost, this gap included")
  long lostSoFar;

  static void emit(String bridge, String sender, String subject, long count, long lostSoFar) {
    MessagesLostEvent event = new MessagesLostEvent();
    if (event.shouldCommit()) {
      event.bridge = bridge;
      event.sender = sender;
      event.subject = subject;
      event.count = count;
      event.lostSoFar = lostSoFar;
      event.commit();
    }
  }
}
