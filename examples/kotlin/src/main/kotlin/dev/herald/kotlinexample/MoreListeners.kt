package dev.herald.kotlinexample

import dev.herald.annotation.Subscribe

/** An internal handler in an object: called through its mangled JVM name, as in a class. */
object Umpire {
  val started = mutableListOf<MatchStarted>()

  @Subscribe
  internal fun onStarted(started: MatchStarted) {
    this.started += started
  }
}

/** `@JvmName` renames the handler in the bytecode: that name is the one Herald reports. */
class Commentator {
  val lines = mutableListOf<String>()

  @Subscribe
  @JvmName("commentOnScored")
  fun onScored(scored: Scored) {
    lines += "${scored.player} +${scored.points}"
  }
}

/** An inner class: each instance is a listener, with access to its outer instance. */
class Team(val name: String) {
  val scored = mutableListOf<Scored>()

  inner class Scout {
    @Subscribe
    fun onScored(scored: Scored) {
      if (scored.player == name) this@Team.scored += scored
    }
  }
}

/** A member extension function: its receiver is the message. */
class Tally {
  var points = 0

  @Subscribe
  fun Scored.count() {
    this@Tally.points += points
  }
}

/** An open class whose handler a subclass overrides: the override is called, once. */
open class Whistle {
  val heard = mutableListOf<String>()

  @Subscribe
  open fun onEnded(ended: MatchEnded) {
    heard += "whistle"
  }
}

class LongWhistle : Whistle() {
  override fun onEnded(ended: MatchEnded) {
    heard += "long whistle"
  }
}

/** A fun interface whose function is a handler: a Kotlin lambda implementing it is a listener. */
fun interface ScoreSink {
  @Subscribe fun onScored(scored: Scored)
}

/** An enum class: each constant is a listener of its own. */
enum class Siren {
  HOME,
  AWAY;

  val heard = mutableListOf<MatchEnded>()

  @Subscribe
  fun onEnded(ended: MatchEnded) {
    heard += ended
  }
}

/** A property's setter as a handler: each message is assigned to the property. */
class LastScore {
  @set:Subscribe var last: Scored? = null
}

/** A value class: Kotlin mangles the JVM name of every function that takes one. */
@JvmInline value class PlayerId(val value: String)

/**
 * Its only handler takes a value class, so kapt leaves it out of what the processor sees: no
 * dispatcher is written, and registering it is refused with the reason (docs/processor.md, "What
 * kapt hides from the processor").
 */
class Roster {
  @Subscribe
  fun onJoined(player: PlayerId) {
    error("never called: $player")
  }
}
