package dev.ycsbpack.mongodb;

import com.mongodb.WriteConcern;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * Resolves the write concern from the URL, the named YCSB write concerns and the explicit
 * {@code mongodb.w}, {@code mongodb.j} and {@code mongodb.wtimeout} options.
 *
 * <p>Precedence, lowest first: the URL's {@code w}/{@code journal}/{@code wtimeoutMS}, then
 * {@code mongodb.writeConcern} (replaces w and j), then each explicit option (replaces its own component).
 * Components nobody set are not sent, so the server's default applies;
 * {@link EffectiveConcerns} says so.
 */
final class WriteConcernOptions {
  static final String W = "mongodb.w";
  static final String J = "mongodb.j";
  static final String WTIMEOUT = "mongodb.wtimeout";
  static final String NAMED = "mongodb.writeConcern";

  private static final String W_EXPECTED = "use 0, 1, a number of members (2, 3, ...), majority, or tag:<name> for "
      + "a write-concern tag set"
      + " defined in the replica set's settings.getLastErrorModes";

  private WriteConcernOptions() {
  }

  static WriteConcern resolve(WriteConcern fromUrl, Properties props) {
    Object w = fromUrl == null ? null : fromUrl.getWObject();
    Boolean j = fromUrl == null ? null : fromUrl.getJournal();
    Long wtimeout = fromUrl == null ? null : toLong(fromUrl.getWTimeout(TimeUnit.MILLISECONDS));

    String named = props.getProperty(NAMED);
    if (named != null) {
      WriteConcern n = named(named.trim());
      w = n.getWObject();
      j = n.getJournal();
    }
    String wValue = props.getProperty(W);
    if (wValue != null) {
      w = parseW(wValue.trim());
    }
    String jValue = props.getProperty(J);
    if (jValue != null) {
      j = BindingOptions.parseBoolean(J, jValue);
    }
    String wtValue = props.getProperty(WTIMEOUT);
    if (wtValue != null) {
      // the driver keeps wtimeout as an int and throws past it
      wtimeout = BindingOptions.parseLong(WTIMEOUT, wtValue, 0,
          "a timeout in milliseconds from 0 to " + Integer.MAX_VALUE, Integer.MAX_VALUE);
    }

    boolean unacknowledged = Integer.valueOf(0).equals(w);
    if (unacknowledged && Boolean.TRUE.equals(j)) {
      throw new OptionException("invalid write concern: w=0 cannot be combined with j=true (an unacknowledged"
          + " write cannot wait for the journal); set " + W + "=1 or higher, or " + J + "=false");
    }
    if (unacknowledged && wtimeout != null && wtimeout > 0) {
      throw new OptionException("invalid write concern: wtimeout=" + wtimeout + " has no effect with w=0;"
          + " remove " + WTIMEOUT + " (or wtimeoutMS from the URL) or use " + W + "=1 or higher");
    }

    WriteConcern wc;
    if (w == null) {
      wc = WriteConcern.ACKNOWLEDGED;
    } else if (w instanceof Integer) {
      wc = new WriteConcern((Integer) w);
    } else {
      wc = new WriteConcern((String) w);
    }
    if (j != null) {
      wc = wc.withJournal(j);
    }
    if (wtimeout != null) {
      wc = wc.withWTimeout(wtimeout, TimeUnit.MILLISECONDS);
    }
    return wc;
  }

  /** The values existing YCSB workload files use for {@code mongodb.writeConcern}. */
  private static WriteConcern named(String name) {
    switch (name.toLowerCase(Locale.ROOT)) {
      case "unacknowledged" :
      case "errors_ignored" :
        return WriteConcern.UNACKNOWLEDGED;
      case "acknowledged" :
        return WriteConcern.W1;
      case "journaled" :
        return WriteConcern.W1.withJournal(true);
      case "replica_acknowledged" :
        return WriteConcern.W2;
      case "majority" :
        return WriteConcern.MAJORITY;
      default :
        throw new OptionException(NAMED, name,
            "use unacknowledged, acknowledged, journaled, replica_acknowledged or majority"
                + " (or the explicit " + W + ", " + J + " and " + WTIMEOUT + " options)");
    }
  }

  private static Object parseW(String value) {
    if (value.equalsIgnoreCase("majority")) {
      return "majority";
    }
    if (value.startsWith("tag:")) {
      String tag = value.substring("tag:".length()).trim();
      if (tag.isEmpty()) {
        throw new OptionException(W, value, "the tag name after tag: is empty; " + W_EXPECTED);
      }
      return tag;
    }
    try {
      int n = Integer.parseInt(value);
      if (n >= 0) {
        return n;
      }
    } catch (NumberFormatException notANumber) {
      // falls through to the error below, which lists every accepted form
    }
    throw new OptionException(W, value, W_EXPECTED);
  }

  private static Long toLong(Integer value) {
    return value == null ? null : value.longValue();
  }
}
