package dev.herald.peers;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Collects what Herald logs (through {@code System.Logger}, whose default backend is
 * java.util.logging) instead of printing it, while open.
 */
final class LogRecords extends Handler implements AutoCloseable {
  private final Logger herald = Logger.getLogger("dev.herald");
  private final boolean usedParentHandlers = herald.getUseParentHandlers();
  final List<LogRecord> records = new ArrayList<>();

  LogRecords() {
    setLevel(Level.ALL);
    herald.addHandler(this);
    herald.setUseParentHandlers(false);
  }

  @Override
  public synchronized void publish(LogRecord record) {
    records.add(record);
  }

  /** The records of level WARNING or above. */
  synchronized List<LogRecord> warnings() {
    List<LogRecord> warnings = new ArrayList<>();
    for (LogRecord record : records) {
      if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
        warnings.add(record);
      }
    }
    return warnings;
  }

  /**
   * Characters logged: each record's message, and about 80 a frame of the stack traces it carries.
   */
  synchronized long characters() {
    long count = 0;
    for (LogRecord record : records) {
      count += record.getMessage() == null ? 0 : record.getMessage().length();
      for (Throwable t = record.getThrown(); t != null; t = t.getCause()) {
        count += String.valueOf(t.getMessage()).length() + 80L * t.getStackTrace().length;
      }
    }
    return count;
  }

  @Override
  public void flush() {}

  @Override
  public void close() {
    herald.removeHandler(this);
    herald.setUseParentHandlers(usedParentHandlers);
  }
}
