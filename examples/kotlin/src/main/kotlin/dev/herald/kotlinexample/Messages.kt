package dev.herald.kotlinexample

/** A data class message: routed by its class like any other. */
data class Scored(val player: String, val points: Int)

/** A sealed hierarchy: a handler of [MatchEvent] receives every subclass. */
sealed interface MatchEvent {
  val match: String
}

data class MatchStarted(override val match: String) : MatchEvent

data class MatchEnded(override val match: String, val winner: String?) : MatchEvent

data object Paused : MatchEvent {
  override val match: String = "any"
}

/** A sealed class hierarchy, the other form Kotlin offers. */
sealed class Command {
  data class Move(val dx: Int, val dy: Int) : Command()

  object Stop : Command()
}

/** A question answered by a handler that returns a value. */
data class Question(val text: String)
