package dev.ycsbpack.mongodb;

import dev.ycsbpack.common.Text;
import java.util.Properties;

/**
 * The mongodb-labs YCSB fork's document-shape properties. This binding writes every field as BSON binary holding
 * YCSB's random bytes (upstream's documents, the fork's {@code datatype=binData, compressibility=1}); any other value
 * would silently measure different documents, so it is refused, naming the fork and what to do.
 */
final class ForkProperties {
  static final String DATATYPE = "datatype";
  static final String COMPRESSIBILITY = "compressibility";

  private ForkProperties() {
  }

  static void check(Properties p) {
    String datatype = p.getProperty(DATATYPE);
    if (datatype != null && !datatype.trim().equalsIgnoreCase("binData")) {
      throw refused(DATATYPE, datatype);
    }
    String compressibility = p.getProperty(COMPRESSIBILITY);
    if (compressibility != null && !isOne(compressibility.trim())) {
      throw refused(COMPRESSIBILITY, compressibility);
    }
  }

  private static boolean isOne(String value) {
    try {
      return Double.parseDouble(value) == 1.0;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static OptionException refused(String name, String value) {
    return new OptionException(name + "=" + Text.shown(value.trim())
        + " is a property of the mongodb-labs YCSB fork, which this binding does not"
        + " support: its documents are always BSON binary fields of random bytes (the fork's datatype=binData,"
        + " compressibility=1, and upstream YCSB's); remove " + name + " (to measure compressible or string values,"
        + " use the fork)");
  }
}
