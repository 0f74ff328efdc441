package zoo;

final class Ball {}
