package reply;

public record Question(String text) {}
