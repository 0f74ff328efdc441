package zoo;

final class Food {}
