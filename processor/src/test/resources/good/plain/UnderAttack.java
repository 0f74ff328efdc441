package demo;

public record UnderAttack(String by) {}
