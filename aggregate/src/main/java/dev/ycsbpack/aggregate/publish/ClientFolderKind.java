package dev.ycsbpack.aggregate.publish;

import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.common.ClientFolder;
import dev.ycsbpack.common.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** A single client's folder, as {@code bin/ycsb --out} writes it (or one written by hand that {@code merge} reads). */
final class ClientFolderKind implements BundleKind {
  @Override
  public String describe() {
    return "a client folder (bin/ycsb --out: verdict.properties, or client.properties beside output.txt or "
        + "output.json)";
  }

  @Override
  public boolean accepts(Path dir) {
    return Files.isRegularFile(dir.resolve(ClientFolder.VERDICT))
        || Files.isRegularFile(dir.resolve(ClientFolder.PROPERTIES))
            && (Files.isRegularFile(dir.resolve(ClientFolder.TEXT_OUTPUT))
                || Files.isRegularFile(dir.resolve(ClientFolder.JSON_OUTPUT)));
  }

  @Override
  public Published read(Path dir, String name, boolean absolutePaths) {
    RawClients raw = RawClients.of(List.of(dir));
    Map<String, String> verdict = raw.verdicts().isEmpty() ? Map.of() : raw.verdicts().get(0);
    String status = verdict.getOrDefault("status", "");
    long started = RawClients.number(verdict.get("first.operation.epoch.ms"));
    if (RunStatus.FAILED.is(status)) {
      return raw.failed(name, "single client", RunStatus.FAILED,
          "its verdict is FAILED: " + raw.shown("reason", verdict.getOrDefault("reason", "")), started, Map.of());
    }
    return raw.rebuilt(name, "single client", List.of(dir), MergeOptions.defaults(), started, Map.of(),
        absolutePaths ? null : dir);
  }
}
