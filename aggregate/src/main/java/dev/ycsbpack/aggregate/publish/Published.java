package dev.ycsbpack.aggregate.publish;

import dev.ycsbpack.aggregate.format.RunFacts;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.common.RunStatus;
import java.util.Map;

/**
 * One bundle as the site shows it, rebuilt from its raw data.
 *
 * @param name     its name on the site (unique, a safe file name: its page is {@code bundles/NAME/})
 * @param kind     what kind of bundle it is, in words ({@code coordinated run}, {@code single client})
 * @param status   how it ended
 * @param reason   why it failed or is incomplete; null when complete
 * @param notMongo the NOT-MongoDB label when the server measured was not MongoDB, else null
 * @param startedAt when it started (epoch ms, 0 when unknown)
 * @param facts    what was run (shown on its row and at the top of its page)
 * @param given    what only the bundle's own records know, for its report ({@link RunFacts#COMMAND}, ...)
 * @param result   the merge of its client folders; null unless {@link RunStatus#COMPLETE}
 * @param workload the workload it ran, in words: bundles with the same one are compared
 */
public record Published(String name, String kind, RunStatus status, String reason, String notMongo, long startedAt,
    RunFacts facts, Map<String, String> given, MergeResult result, String workload)
    implements
      SiteEntry {
  public Published {
    given = Map.copyOf(given);
    if ((status == RunStatus.COMPLETE) != (result != null)) {
      throw new IllegalArgumentException("a complete bundle has figures, any other none: " + name);
    }
  }
}
