package dev.herald.kotlinexample

import dev.herald.Envelope
import dev.herald.annotation.Subscribe

/** A plain class listener: handlers are public final functions, as Kotlin writes them. */
class Scoreboard {
  val totals = mutableMapOf<String, Int>()

  @Subscribe
  fun onScored(scored: Scored) {
    totals.merge(scored.player, scored.points, Int::plus)
  }

  /** A reply: a function with a return type is a handler that answers requests. */
  @Subscribe
  fun answer(question: Question): String = "${totals.size} players"
}

/** An object: one instance, registered as `bus.register(MatchLog)`. */
object MatchLog {
  val seen = mutableListOf<MatchEvent>()

  @Subscribe
  fun onEvent(event: MatchEvent) {
    seen += event
  }
}

/** Handlers of a sealed class parent, with an envelope, and nullable. */
class Pilot {
  val commands = mutableListOf<Command>()
  val frames = mutableListOf<Long>()

  @Subscribe
  fun onCommand(command: Command, envelope: Envelope) {
    commands += command
    frames += envelope.sentFrame()
  }
}

/** An internal function: its name in the bytecode is mangled. */
class Referee {
  val ended = mutableListOf<MatchEnded>()

  @Subscribe
  internal fun onEnded(ended: MatchEnded) {
    this.ended += ended
  }
}

/** A handler in a companion object: the companion is the listener. */
class Lobby {
  companion object {
    val started = mutableListOf<MatchStarted>()

    @Subscribe
    fun onStarted(started: MatchStarted) {
      this.started += started
    }
  }
}

/** A nullable parameter, and a default value. */
class Announcer {
  val lines = mutableListOf<String>()

  /** Herald always passes the envelope: the default is for Kotlin callers. */
  @Subscribe
  fun onScored(scored: Scored?, envelope: Envelope? = null) {
    lines += "${scored?.player} scored in frame ${envelope?.sentFrame()}"
  }
}
