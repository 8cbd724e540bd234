package dev.ycsbpack.common;

/**
 * The binding's start-up line on stderr ({@code mongodb binding: url=... database=... writeConcern={...} ...}): what a
 * run will send, printed once before its first operation. It says what a client does, never why it ended, so the
 * coordinator never shows it as a client's reason; the binding prints it and the coordinator recognises it by this
 * one prefix.
 */
public final class SettingsLine {
  /** How the line begins. */
  public static final String PREFIX = "mongodb binding: url=";

  private SettingsLine() {
  }

  /** Whether {@code line} is the settings line. */
  public static boolean is(String line) {
    return line.strip().startsWith(PREFIX);
  }
}
