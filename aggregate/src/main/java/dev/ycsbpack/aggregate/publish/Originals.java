package dev.ycsbpack.aggregate.publish;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.ReproduciblePlan;
import dev.ycsbpack.aggregate.experiment.Reproduction;
import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.aggregate.input.BundleLayout;
import dev.ycsbpack.common.Redactor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The folders the site's rows were read from, and the records a row's folder in the site carries so that
 * {@code bin/ycsb-experiment reproduce SITE/bundles/NAME} can re-run it from the site alone: the original's manifest,
 * its self-contained plan and, for a reproduction, its {@link Reproduction} record. Each is copied with every text
 * masked as the pack masks a property's value (a secret name's whole, a URL's password) and, unless the site keeps
 * absolute paths, the recording machine's paths relative to the bundle.
 *
 * @param dirs          each entry's folder (an experiment's steps too) by its name on the site
 * @param absolutePaths whether the copies keep the recorded absolute paths ({@code publish --paths absolute})
 */
record Originals(Map<String, Path> dirs, boolean absolutePaths) {
  /**
   * The self-contained plan a bundle or experiment records for {@code reproduce}; a folder without one was recorded by
   * a pack that did not write it.
   */
  static final String PLAN = ReproduciblePlan.FILE;

  /** The records copied, in this order: what the folder is, how to re-run it, what it re-ran. */
  static final List<String> FILES = List.of(BundleLayout.MANIFEST, PLAN, Reproduction.FILE);

  Originals {
    dirs = Map.copyOf(dirs);
  }

  /** No folders known (a site built from entries alone): nothing copied, no command shown. */
  static Originals none() {
    return new Originals(Map.of(), true);
  }

  /** Whether the row {@code name} was read from a folder that {@code reproduce} takes: a manifest is in it. */
  boolean reproducible(String name) {
    Path dir = dirs.get(name);
    return dir != null && (BundleLayout.isBundle(dir) || ExperimentManifest.isExperiment(dir));
  }

  /** Whether the row {@code name}'s folder records its plan. */
  boolean hasPlan(String name) {
    Path dir = dirs.get(name);
    return dir != null && Files.isRegularFile(dir.resolve(PLAN));
  }

  /** The reproduction record of row {@code name}'s folder: empty when it is not a reproduction. */
  java.util.Optional<Reproduction> reproduction(String name) {
    Path dir = dirs.get(name);
    return dir == null ? java.util.Optional.empty() : Reproduction.read(dir);
  }

  /**
   * The names by which a reproduction's {@code originalId} may name row {@code name}: a coordinator bundle's run id
   * (its manifest's {@code runId}); an experiment's folder name; and its name on a site (a reproduction of a site's
   * row names the row's folder).
   */
  List<String> ids(String name) {
    Path dir = dirs.get(name);
    List<String> ids = new ArrayList<>(List.of(name));
    if (dir == null) {
      return ids;
    }
    Path abs = dir.toAbsolutePath().normalize();
    if (abs.getFileName() != null) {
      ids.add(abs.getFileName().toString());
    }
    try {
      JsonNode runId = MergedJson.MAPPER.readTree(dir.resolve(BundleLayout.MANIFEST).toFile()).path("runId");
      if (runId.isTextual()) {
        ids.add(runId.asText());
      }
    } catch (IOException e) {
      // no readable manifest: named by its folder alone
    }
    return ids;
  }

  /** Copies the row {@code name}'s records into {@code rowDir}, its folder in the site. */
  void copy(String name, Path rowDir) throws IOException {
    if (!reproducible(name)) {
      return;
    }
    Path dir = dirs.get(name);
    List<Redactor> redactors = redactors(dir);
    for (String f : FILES) {
      Path from = dir.resolve(f);
      if (Files.isRegularFile(from)) {
        JsonNode json;
        try {
          json = MergedJson.MAPPER.readTree(from.toFile());
        } catch (IOException e) {
          continue; // a record that is not JSON is no record: reproduce of the row says what is missing
        }
        Files.writeString(rowDir.resolve(f), MergedJson.MAPPER.writerWithDefaultPrettyPrinter()
            .writeValueAsString(shown(json, "", dir, withOwn(redactors, json))) + "\n", StandardCharsets.UTF_8);
      }
    }
  }

  /**
   * {@code node} as the site may carry it: every text masked as a value of its field's name (a secret name's value
   * whole, any other's passwords by shape) and, unless absolute paths are kept, its paths relative to {@code dir}.
   */
  private JsonNode shown(JsonNode node, String field, Path dir, List<Redactor> redactors) {
    if (node.isObject()) {
      ObjectNode o = MergedJson.MAPPER.createObjectNode();
      node.fields().forEachRemaining(e -> o.set(e.getKey(), shown(e.getValue(), e.getKey(), dir, redactors)));
      return o;
    }
    if (node.isArray()) {
      ArrayNode a = MergedJson.MAPPER.createArrayNode();
      node.forEach(n -> a.add(shown(n, field, dir, redactors)));
      return a;
    }
    if (node.isTextual()) {
      String v = node.asText();
      for (Redactor r : redactors) {
        v = r.show(field, v);
      }
      return TextNode.valueOf(absolutePaths ? v : LocalPaths.relative(v, dir));
    }
    return node;
  }

  /** {@code redactors} and one that knows the secrets of {@code json}'s own fields (a URL's password, say). */
  private static List<Redactor> withOwn(List<Redactor> redactors, JsonNode json) {
    Map<String, String> fields = new java.util.HashMap<>();
    collect(json, "", fields);
    List<Redactor> all = new ArrayList<>(redactors);
    all.add(Redactor.of(fields));
    return all;
  }

  private static void collect(JsonNode node, String field, Map<String, String> into) {
    if (node.isContainerNode()) {
      node.fields().forEachRemaining(e -> collect(e.getValue(), e.getKey(), into));
      if (node.isArray()) {
        node.forEach(n -> collect(n, field, into));
      }
    } else if (node.isTextual()) {
      into.put(into.size() + "." + field, node.asText());
    }
  }

  /**
   * What knows the folder's secrets: the redactor of its clients' recorded properties (a bundle's, or every step's
   * of an experiment), which finds a password however it is escaped, and an experiment plan's own properties'.
   */
  private static List<Redactor> redactors(Path dir) {
    List<Path> clients = new ArrayList<>(RawClients.children(dir.resolve(BundleLayout.CLIENTS)));
    List<Redactor> out = new ArrayList<>();
    ExperimentManifest.read(dir).ifPresent(m -> {
      Path root = dir.toAbsolutePath().normalize();
      for (ExperimentManifest.Step s : m.steps() == null ? List.<ExperimentManifest.Step>of() : m.steps()) {
        s.bundleIn(root).ifPresent(b -> clients.addAll(RawClients.children(b.resolve(BundleLayout.CLIENTS))));
      }
      if (m.plan().properties() != null) {
        out.add(Redactor.of(m.plan().properties()));
      }
    });
    out.add(0, RawClients.of(clients).redactor());
    return out;
  }
}
