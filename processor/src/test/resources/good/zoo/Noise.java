package zoo;

final class Noise {}
