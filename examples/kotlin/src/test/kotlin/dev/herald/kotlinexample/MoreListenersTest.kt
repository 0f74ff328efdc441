package dev.herald.kotlinexample

import dev.herald.MessageBus
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** The further forms of Kotlin listener docs/processor.md#kotlin lists as working. */
class MoreListenersTest {
  private val bus = MessageBus.create()

  @AfterEach
  fun close() {
    bus.close()
  }

  @Test
  fun internalHandlerOfAnObject() {
    Umpire.started.clear()
    val registration = bus.register(Umpire)
    try {
      assertEquals(1, bus.post(MatchStarted("m1")))
      assertEquals(listOf(MatchStarted("m1")), Umpire.started)
    } finally {
      registration.close()
    }
  }

  @Test
  fun jvmNameIsTheHandlersNameInReports() {
    val commentator = Commentator()
    bus.register(commentator)

    assertEquals(1, bus.post(Scored("ada", 2)))

    assertEquals(listOf("ada +2"), commentator.lines)
    assertEquals(
        listOf("commentOnScored"),
        bus.describe().handlersFor(Scored::class.java).map { it.method() },
    )
  }

  @Test
  fun innerClassInstanceIsAListener() {
    val team = Team("ada")
    bus.register(team.Scout())

    bus.post(Scored("ada", 2))
    bus.post(Scored("bob", 5))

    assertEquals(listOf(Scored("ada", 2)), team.scored)
  }

  @Test
  fun memberExtensionFunctionReceivesTheMessageAsItsReceiver() {
    val tally = Tally()
    bus.register(tally)

    bus.post(Scored("ada", 2))
    bus.post(Scored("bob", 5))

    assertEquals(7, tally.points)
  }

  @Test
  fun overriddenHandlerIsCalledOnce() {
    val whistle = LongWhistle()
    bus.register(whistle)

    assertEquals(1, bus.post(MatchEnded("m1", "ada")))

    assertEquals(listOf("long whistle"), whistle.heard)
  }

  @Test
  fun lambdaOfAFunInterfaceIsAListener() {
    val seen = mutableListOf<Scored>()
    bus.register(ScoreSink { seen += it })

    assertEquals(1, bus.post(Scored("ada", 2)))

    assertEquals(listOf(Scored("ada", 2)), seen)
  }

  @Test
  fun enumConstantIsAListenerOfItsOwn() {
    Siren.HOME.heard.clear()
    Siren.AWAY.heard.clear()
    val registration = bus.register(Siren.HOME)
    try {
      bus.post(MatchEnded("m1", null))

      assertEquals(listOf(MatchEnded("m1", null)), Siren.HOME.heard)
      assertEquals(emptyList<MatchEnded>(), Siren.AWAY.heard)
    } finally {
      registration.close()
    }
  }

  @Test
  fun propertySetterIsAHandler() {
    val last = LastScore()
    bus.register(last)

    bus.post(Scored("ada", 2))

    assertEquals(Scored("ada", 2), last.last)
  }

  @Test
  fun aHandlerKaptLeftOutIsRefusedWithTheKotlinReason() {
    val refused = assertThrows(IllegalArgumentException::class.java) { bus.register(Roster()) }

    val message = refused.message!!
    assertTrue(message.contains("onJoined-"), message)
    assertTrue(message.contains("left out by kapt"), message)
    assertTrue(message.contains("What kapt hides from the processor"), message)
  }
}
