package dev.ycsbpack.common.telemetry;

import java.util.Objects;

/**
 * One figure a sampler records over a run: its name, as the source spells it where it can ({@code
 * opcounters.insert.rate}, {@code cpu.steal}, {@code disk.sda.busy}), and its unit ({@code ops/s}, {@code %},
 * {@code bytes}). Names hold no comma, so a CSV header needs no quoting.
 *
 * @param name the figure's name
 * @param unit its unit, as a reader should see it
 */
public record Column(String name, String unit) {
  public Column {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(unit, "unit");
    if (name.isBlank() || name.indexOf(',') >= 0 || name.indexOf('\n') >= 0) {
      throw new IllegalArgumentException("a column name is not blank and holds no comma or line break: " + name);
    }
  }
}
