package dev.herald.nats;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The flight recorder's record of a message from another process that the bridge could not read
 * ({@link MalformedPayloadException}).
 */
@Name("dev.herald.nats.MalformedPayload")
@Label("NATS Malformed Payload")
@Description("A message from another process could not be read by a Herald NATS bridge")
@Category({"Herald", "NATS"})
@StackTrace(false)
final class MalformedPayloadEvent extends Event {

  @Label("Bridge Origin")
  @Description("The origin of the bridge that received it")
  String bridge;

  @Label("Sender Origin")
  @Description("The process that sent it, or \"unknown\" for a reply or a subject with no origin")
  String sender;

  @Label("Subject")
  @Description("The subject it came on, without the sender's origin")
  String subject;

  @Label("Problem")
  @Description("What was wrong with it")
  String problem;

  static void emit(String bridge, MalformedPayloadException failure) {
    MalformedPayloadEvent event = new MalformedPayloadEvent();
    if (event.shouldCommit()) {
      event.bridge = bridge;
      event.sender = failure.origin();
      event.subject = failure.subject();
      event.problem = failure.getMessage();
      event.commit();
    }
  }
}
