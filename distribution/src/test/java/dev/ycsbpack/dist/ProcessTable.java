package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Every process on the machine with its full argument list, read from {@code /proc}: network namespaces share the
 * PID space, so this sees the clients on every test host. Zombies are skipped (they are dead, only not reaped yet).
 */
final class ProcessTable {
  /** One process: its pid and its arguments joined by spaces. */
  record Entry(long pid, String commandLine) {
  }

  private ProcessTable() {
  }

  static List<Entry> all() {
    List<Entry> out = new ArrayList<>();
    try (Stream<Path> s = Files.list(Path.of("/proc"))) {
      for (Path p : (Iterable<Path>) s::iterator) {
        String name = p.getFileName().toString();
        if (!name.chars().allMatch(Character::isDigit)) {
          continue;
        }
        try {
          String stat = Files.readString(p.resolve("stat"));
          int close = stat.lastIndexOf(')');
          if (close > 0 && close + 2 < stat.length() && stat.charAt(close + 2) == 'Z') {
            continue;
          }
          byte[] raw = Files.readAllBytes(p.resolve("cmdline"));
          out.add(new Entry(Long.parseLong(name), new String(raw, StandardCharsets.UTF_8).replace('\0', ' ')));
        } catch (IOException e) {
          // the process ended while we looked
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return out;
  }

  /** Live processes whose command line contains every one of {@code parts}. */
  static List<Entry> matching(String... parts) {
    return all().stream().filter(e -> Stream.of(parts).allMatch(e.commandLine()::contains)).toList();
  }

  /** Sends {@code signal} (KILL, STOP, ...) to the one process of {@code victims}, asserting that there is one. */
  static void signalTheOne(List<Entry> victims, String signal) throws IOException, InterruptedException {
    assertEquals(1, victims.size(), victims::toString);
    new ProcessBuilder("kill", "-" + signal, Long.toString(victims.get(0).pid())).start().waitFor();
  }
}
