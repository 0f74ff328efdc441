package lib;

public class Pong {}
