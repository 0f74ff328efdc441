package app;

final class Local {}
