package dev.ycsbpack.coordinator.telemetry;

import dev.ycsbpack.coordinator.hosts.ClockProbe;
import dev.ycsbpack.coordinator.hosts.RemoteShell;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Where one machine's {@code /proc} is read from: this machine's own files, or a host through the same
 * {@link RemoteShell} its clients use (ssh over the run's shared connection, or the {@code --rsh} template), one
 * {@link ProcFiles#command()} per reading, in one session for the run ({@link ProcSession}).
 */
public sealed interface ProcSource permits ProcSource.Local, ProcSource.Remote {
  /** One reading's files, within {@code limit}; throws, saying why, when there is no {@code /proc/stat} in them. */
  Map<ProcFile, String> read(Duration limit) throws ProcException;

  /**
   * The machine's clock minus the coordinator's, measured within {@code limit}; empty when it cannot be measured.
   */
  Optional<ClockProbe.Offset> clock(Duration limit);

  /** This machine, read directly: no process per reading, and its clock is the coordinator's. */
  record Local() implements ProcSource {
    @Override
    public Map<ProcFile, String> read(Duration limit) throws ProcException {
      StringBuilder why = new StringBuilder();
      Map<ProcFile, String> files = ProcFiles.readLocal(why);
      if (!files.containsKey(ProcFile.STAT)) {
        throw new ProcException(why.toString());
      }
      return files;
    }

    @Override
    public Optional<ClockProbe.Offset> clock(Duration limit) {
      return Optional.of(new ClockProbe.Offset(0, 0));
    }
  }

  /** Ends what the source holds open (a host's session); the next reading opens it again. */
  default void close() {
  }

  /** A host reached through {@code shell}, over one session for the run's readings ({@link ProcSession}). */
  record Remote(RemoteShell shell, ProcSession session) implements ProcSource {
    public Remote(RemoteShell shell) {
      this(shell, new ProcSession(shell));
    }

    @Override
    public Map<ProcFile, String> read(Duration limit) throws ProcException {
      return session.read(limit);
    }

    @Override
    public void close() {
      session.close();
    }

    @Override
    public Optional<ClockProbe.Offset> clock(Duration limit) {
      try {
        return ClockProbe.measure(shell, limit);
      } catch (ClockProbe.Timeout e) {
        return Optional.empty();
      }
    }
  }

  /** A limit in seconds as a reader sees it: {@code 5}, {@code 0.5}. */
  static String seconds(Duration d) {
    double s = d.toMillis() / 1000.0;
    return s == Math.rint(s) ? Long.toString((long) s) : String.format(Locale.ROOT, "%.1f", s);
  }
}
