package lib;

public class Ping {}
