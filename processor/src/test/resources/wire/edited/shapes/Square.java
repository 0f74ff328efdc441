package shapes;

/** Square after an edit that took its @Wire away (its old codec is still in the output). */
public record Square(Position corner, double side) implements Shape {}
