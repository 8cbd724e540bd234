package dev.ycsbpack.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.format.OutputFormat;
import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.synthetic.SyntheticClients;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A caller that knows how the clients read best (the coordinator: by host, the slowest first) lists them in that
 * order in every output, and nothing else changes.
 */
class ListingClientsTest {
  private static final Pattern NAME = Pattern.compile("client-00\\d");

  @TempDir
  Path dir;

  @Test
  void theOutputsListTheClientsInTheGivenOrderAndOtherwiseStayTheSame() throws Exception {
    Path in = dir.resolve("in");
    SyntheticClients.write(in, 4, 30, false);
    MergeResult merged = Aggregate.merge(List.of(in), MergeOptions.builder()
        .hosts(Map.of("client-000", "h1", "client-001", "h2", "client-002", "h1", "client-003", "h2")).build());
    List<String> byHost = List.of("client-003", "client-001", "client-002", "client-000");

    Aggregate.write(merged, dir.resolve("plain"), EnumSet.allOf(OutputFormat.class));
    Aggregate.write(merged.listingClients(byHost), dir.resolve("listed"), EnumSet.allOf(OutputFormat.class));

    for (String file : List.of("merged.txt", "merged.md", "merged.json", "report.html")) {
      String plain = Files.readString(dir.resolve("plain").resolve(file), StandardCharsets.UTF_8);
      String listed = Files.readString(dir.resolve("listed").resolve(file), StandardCharsets.UTF_8);
      assertEquals(List.of("client-000", "client-001", "client-002", "client-003"), clientsListed(plain), file);
      assertEquals(byHost, clientsListed(listed), file);
      assertNotEquals(plain, listed, file);
      // the same lines, only in another order (a JSON list's last entry has no comma): no figure changed
      List<String> only = new ArrayList<>(sortedLines(listed));
      only.removeAll(sortedLines(plain));
      // the report's "Hosts and clients" is one line: it lists them in the same order
      only.removeIf(l -> l.contains("\"Hosts and clients\":\"4 clients on 2 hosts: client-003 on h2, client-001 on h2,"
          + " client-002 on h1, client-000 on h1\""));
      assertTrue(only.isEmpty(), () -> file + ": more than the order changed: "
          + only.stream().map(l -> l.substring(0, Math.min(200, l.length()))).toList());
    }
    assertEquals(merged.totalCount(), merged.listingClients(byHost).totalCount());
  }

  @Test
  void clientsNotNamedKeepTheirPlaceAfterTheNamedOnes() throws Exception {
    Path in = dir.resolve("in");
    SyntheticClients.write(in, 3, 10, false);
    MergeResult merged = Aggregate.merge(List.of(in), MergeOptions.defaults());
    assertEquals(List.of("client-002", "client-000", "client-001"),
        merged.listingClients(List.of("client-002")).clients().stream().map(c -> c.name()).toList());
  }

  /** Each client's first mention, in order: where the output lists them. */
  private static List<String> clientsListed(String text) {
    List<String> out = new ArrayList<>();
    // JSON and the report name each client in several places (its entry, the configuration table): the first
    // list of all four is the clients' own
    Matcher m = NAME.matcher(text);
    while (m.find() && out.size() < 4) {
      if (!out.contains(m.group())) {
        out.add(m.group());
      }
    }
    return out;
  }

  private static List<String> sortedLines(String text) {
    List<String> lines = new ArrayList<>(text.lines().map(l -> l.endsWith(",") ? l.substring(0, l.length() - 1) : l)
        .toList());
    Collections.sort(lines);
    return lines;
  }
}
