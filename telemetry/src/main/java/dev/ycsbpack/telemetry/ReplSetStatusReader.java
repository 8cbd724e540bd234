package dev.ycsbpack.telemetry;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The reader of a {@code replSetGetStatus} reply: each member's state and how far its last applied operation is
 * behind the primary's.
 */
public final class ReplSetStatusReader {
  /** The server's code for {@code replSetGetStatus} on a server that is not a replica set member. */
  public static final int NO_REPLICATION_ENABLED = 76;
  /** The member state of a primary. */
  public static final int PRIMARY = 1;

  private ReplSetStatusReader() {
  }

  /**
   * One member, as the reply lists it.
   *
   * @param name its {@code host:port}
   * @param state its numeric state (1 primary, 2 secondary, ...)
   * @param lagMs the primary's optime minus the member's, in ms (0 for the primary); null when the reply names no
   *        primary or either optime is missing
   */
  public record Member(String name, int state, Long lagMs) {
  }

  /** The members of {@code status}, a {@code replSetGetStatus} reply, in the reply's order. */
  public static List<Member> read(BsonDocument status) {
    BsonValue members = status.get("members");
    if (members == null || !members.isArray()) {
      return List.of();
    }
    Long primaryOptime = null;
    for (BsonValue m : members.asArray()) {
      if (m.isDocument() && state(m.asDocument()) == PRIMARY) {
        primaryOptime = optimeMs(m.asDocument());
      }
    }
    List<Member> out = new ArrayList<>();
    for (BsonValue v : members.asArray()) {
      if (!v.isDocument() || !v.asDocument().isString("name")) {
        continue;
      }
      BsonDocument m = v.asDocument();
      Long own = optimeMs(m);
      Long lag = primaryOptime == null || own == null ? null : primaryOptime - own;
      out.add(new Member(m.getString("name").getValue(), state(m), lag));
    }
    return out;
  }

  private static int state(BsonDocument m) {
    BsonValue s = m.get("state");
    return s != null && s.isNumber() ? s.asNumber().intValue() : -1;
  }

  /** {@code optimeDate} in ms, else {@code optime.ts}'s seconds in ms (a timestamp counts whole seconds). */
  private static Long optimeMs(BsonDocument m) {
    BsonValue date = m.get("optimeDate");
    if (date != null && date.isDateTime()) {
      return date.asDateTime().getValue();
    }
    BsonValue optime = m.get("optime");
    if (optime != null && optime.isDocument() && optime.asDocument().isTimestamp("ts")) {
      return optime.asDocument().getTimestamp("ts").getTime() * 1000L;
    }
    if (optime != null && optime.isTimestamp()) {
      return optime.asTimestamp().getTime() * 1000L;
    }
    return null;
  }
}
