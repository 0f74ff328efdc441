package dev.herald.kotlinexample

import dev.herald.MessageBus
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** Every form of Kotlin listener that kapt hands to Herald's processor receives its messages. */
class KotlinListenersTest {
  private val bus = MessageBus.create()

  @AfterEach
  fun close() {
    bus.close()
  }

  @Test
  fun classListenerReceivesDataClassMessages() {
    val board = Scoreboard()
    bus.register(board)

    assertEquals(1, bus.post(Scored("ada", 3)))
    bus.post(Scored("ada", 4))
    bus.post(Scored("bob", 1))

    assertEquals(mapOf("ada" to 7, "bob" to 1), board.totals)
  }

  @Test
  fun handlerWithAReturnTypeAnswersRequests() {
    val board = Scoreboard()
    bus.register(board)
    bus.post(Scored("ada", 3))

    assertEquals(listOf("1 players"), bus.request(Question("how many?"), String::class.java))
  }

  @Test
  fun objectListenerOfASealedInterfaceReceivesEverySubclass() {
    MatchLog.seen.clear()
    val registration = bus.register(MatchLog)
    try {
      bus.post(MatchStarted("m1"))
      bus.post(MatchEnded("m1", winner = null))
      bus.post(Paused)

      assertEquals(listOf(MatchStarted("m1"), MatchEnded("m1", null), Paused), MatchLog.seen)
    } finally {
      registration.close()
    }
  }

  @Test
  fun handlerOfASealedClassReceivesEverySubclassWithItsEnvelope() {
    val pilot = Pilot()
    bus.register(pilot)

    bus.post(Command.Move(1, 2))
    bus.endFrame()
    bus.post(Command.Stop)

    assertEquals(listOf(Command.Move(1, 2), Command.Stop), pilot.commands)
    assertEquals(listOf(0L, 1L), pilot.frames)
  }

  @Test
  fun internalHandlerIsCalledThroughItsMangledName() {
    val referee = Referee()
    bus.register(referee)

    assertEquals(1, bus.post(MatchEnded("m2", winner = "ada")))

    assertEquals(listOf(MatchEnded("m2", "ada")), referee.ended)
    assertEquals(
        listOf("onEnded\$herald_kotlin_example"),
        bus.describe().handlersFor(MatchEnded::class.java).map { it.method() },
    )
  }

  @Test
  fun companionObjectIsTheListenerOfItsHandlers() {
    Lobby.started.clear()
    val registration = bus.register(Lobby)
    try {
      bus.post(MatchStarted("m3"))

      assertEquals(listOf(MatchStarted("m3")), Lobby.started)
    } finally {
      registration.close()
    }
  }

  @Test
  fun registeringTheOuterClassDoesNotRegisterItsCompanion() {
    Lobby.started.clear()

    assertTrue(bus.registerIfListener(Lobby()).isEmpty)
    assertEquals(0, bus.post(MatchStarted("m4")))
  }

  @Test
  fun nullableParametersAndDefaultsReceiveTheMessageAndTheEnvelope() {
    val announcer = Announcer()
    bus.register(announcer)

    bus.post(Scored("ada", 1))

    assertEquals(listOf("ada scored in frame 0"), announcer.lines)
  }

  @Test
  fun everyKotlinListenerHasAGeneratedDispatcher() {
    val loader = KotlinListenersTest::class.java.classLoader
    for (listener in listOf("Scoreboard", "MatchLog", "Pilot", "Referee", "Lobby_Companion", "Announcer")) {
      val file = "dev/herald/kotlinexample/${listener}_Dispatcher.class"
      assertTrue(loader.getResource(file) != null, "no dispatcher $file")
    }
  }
}
