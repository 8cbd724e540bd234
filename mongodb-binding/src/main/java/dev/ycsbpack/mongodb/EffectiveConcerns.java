package dev.ycsbpack.mongodb;

import com.mongodb.ReadConcern;
import com.mongodb.ReadPreference;
import com.mongodb.TaggableReadPreference;
import com.mongodb.TagSet;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import dev.ycsbpack.common.EnvironmentFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.bson.Document;

/**
 * The write concern, read concern and read preference a run's operations are under, in words: what the binding sends
 * after the URL and the properties, and for what it leaves to the server, the server's default as the server reports
 * it ({@code getDefaultRWConcern}). One text serves the start line, the client folder's environment record, and from
 * there the coordinator's manifest and aggregate's report: a number measured under {@code w=1} and one under
 * {@code w=majority} are not comparable, and the reader must see which it is.
 *
 * @param writeConcern  e.g. {@code w=majority, j=true}, or {@code server default: w=majority, wtimeout=0
 *                      (getDefaultRWConcern, source implicit)}, or {@code server default (not reported by this server)}
 * @param readConcern   e.g. {@code majority}, or {@code server default...} as above
 * @param readPreference e.g. {@code primary}, or {@code secondary, tags dc:ny;, maxStalenessSeconds=120}
 */
record EffectiveConcerns(String writeConcern, String readConcern, String readPreference) {
  static final String SERVER_DEFAULT = "server default";
  static final String NOT_REPORTED = " (not reported by this server)";
  /** Before the server was asked (the description of options alone): nothing to add. */
  private static final String NOT_ASKED = "";

  /** What the options send, without asking any server for its defaults. */
  static EffectiveConcerns sent(BindingOptions options) {
    return of(options, null, false);
  }

  /** What the options send, and the server's defaults for what they leave to it. */
  static EffectiveConcerns of(BindingOptions options, MongoClient client) {
    return of(options, serverDefaults(client), true);
  }

  /**
   * @param reported the server's {@code getDefaultRWConcern} reply, or null when it did not give one
   * @param asked    whether the server was asked at all
   */
  static EffectiveConcerns of(BindingOptions options, Document reported, boolean asked) {
    return new EffectiveConcerns(write(options.writeConcern(), reported, asked),
        read(options.readConcern(), reported, asked), readPreference(options.readPreference()));
  }

  /** The environment record's entries ({@link EnvironmentFacts}' keys). */
  Map<String, String> facts() {
    return Map.of(EnvironmentFacts.WRITE_CONCERN, writeConcern, EnvironmentFacts.READ_CONCERN, readConcern,
        EnvironmentFacts.READ_PREFERENCE, readPreference);
  }

  /**
   * Only replica sets and mongos answer; a standalone, a stand-in (mongo-java-server, FerretDB) or a user without the
   * privilege refuses, and then the default is simply not known.
   */
  private static Document serverDefaults(MongoClient client) {
    try {
      return client.getDatabase("admin").runCommand(new Document("getDefaultRWConcern", 1));
    } catch (RuntimeException notAnswered) {
      return null;
    }
  }

  private static String write(WriteConcern wc, Document reported, boolean asked) {
    List<String> sent = new ArrayList<>();
    if (wc.getWObject() != null) {
      sent.add("w=" + wc.getWObject());
    }
    if (wc.getJournal() != null) {
      sent.add("j=" + wc.getJournal());
    }
    Integer wtimeout = wc.getWTimeout(TimeUnit.MILLISECONDS);
    if (wtimeout != null) {
      sent.add("wtimeout=" + wtimeout + "ms");
    }
    String serverDefault = SERVER_DEFAULT + serverSide(reported, asked, "defaultWriteConcern");
    if (sent.isEmpty()) {
      return serverDefault;
    }
    // without w the server applies its default w to what was sent (j, wtimeout)
    return String.join(", ", sent) + (wc.getWObject() == null ? ", w not sent: " + serverDefault : "");
  }

  private static String read(ReadConcern rc, Document reported, boolean asked) {
    return rc.getLevel() != null ? rc.getLevel().getValue()
        : SERVER_DEFAULT + serverSide(reported, asked, "defaultReadConcern");
  }

  /** {@code : w=majority, wtimeout=0 (getDefaultRWConcern, source implicit)}, or why it is not known. */
  private static String serverSide(Document reported, boolean asked, String key) {
    if (!asked) {
      return NOT_ASKED;
    }
    if (reported == null) {
      return NOT_REPORTED;
    }
    Object value = reported.get(key);
    Object source = reported.get(key + "Source");
    String how = " (getDefaultRWConcern" + (source == null ? "" : ", source " + source) + ")";
    if (!(value instanceof Document d) || d.isEmpty()) {
      return ": none set" + how;
    }
    return ": " + d.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "))
        + how;
  }

  /** Written the way {@code mongodb.readPreferenceTags} is: pairs by commas, sets by semicolons. */
  static String readPreference(ReadPreference rp) {
    StringBuilder s = new StringBuilder(rp.getName());
    if (rp instanceof TaggableReadPreference t) {
      List<TagSet> sets = t.getTagSetList();
      if (!sets.isEmpty()) {
        List<String> written = new ArrayList<>();
        for (TagSet set : sets) {
          List<String> pairs = new ArrayList<>();
          set.forEach(tag -> pairs.add(tag.getName() + ":" + tag.getValue()));
          written.add(String.join(",", pairs));
        }
        s.append(", tags ").append(String.join(";", written));
      }
      Long staleness = t.getMaxStaleness(TimeUnit.SECONDS);
      if (staleness != null) {
        s.append(", maxStalenessSeconds=").append(staleness);
      }
    }
    return s.toString();
  }
}
