import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * Summarises the execution samples of a JFR recording: the share of samples whose stack contains a method
 * (inclusive, "total") and the share whose top frame is it ("self"), for the top N of each, plus the share
 * under each prefix given on the command line (e.g. {@code org.bson.internal.CodecCache}).
 *
 * <p>When the recording holds contention events ({@code jdk.JavaMonitorEnter}, {@code jdk.ThreadPark},
 * {@code jdk.JavaMonitorWait}, recorded above the recording's thresholds), it also prints their count and summed
 * duration per event type, class waited on and site: the first frame outside {@code java.}, {@code jdk.} and
 * {@code sun.}, so that a pool's lock, a driver monitor thread's wait and an idle YCSB thread are told apart.
 *
 * <p>When it holds allocation samples ({@code jdk.ObjectAllocationSample}, with stack traces), it also prints the
 * sampled bytes (each sample's weight: the bytes allocated since the thread's previous sample, so the sum estimates
 * all bytes allocated) per object class and per site: the allocating frame and the first frame outside the JDK
 * (whose code allocated). With {@code -Dops=N} (the operations the recording covered) it prints bytes per operation.
 *
 * <p>Usage: java [-Dops=N] bench/JfrTop.java RECORDING.jfr [TOP=25] [PREFIX...]
 */
public class JfrTop {
  public static void main(String[] args) throws Exception {
    List<RecordedEvent> events = RecordingFile.readAllEvents(Path.of(args[0]));
    int top = args.length > 1 ? Integer.parseInt(args[1]) : 25;
    List<String> prefixes = new ArrayList<>();
    for (int i = 2; i < args.length; i++) {
      prefixes.add(args[i]);
    }
    Map<String, Integer> total = new HashMap<>();
    Map<String, Integer> self = new HashMap<>();
    Map<String, Integer> under = new HashMap<>();
    Map<String, long[]> contention = new HashMap<>();
    List<RecordedEvent> allocations = new ArrayList<>();
    int samples = 0;
    for (RecordedEvent e : events) {
      String type = e.getEventType().getName();
      if (CONTENTION.containsKey(type)) {
        long[] sum = contention.computeIfAbsent(type.substring("jdk.".length()) + "  "
            + className(e, CONTENTION.get(type)) + "  at " + site(e.getStackTrace()), k -> new long[2]);
        sum[0]++;
        sum[1] += e.getDuration().toNanos();
        continue;
      }
      if (type.equals("jdk.ObjectAllocationSample")) {
        allocations.add(e);
        continue;
      }
      if (!type.equals("jdk.ExecutionSample")) {
        continue;
      }
      RecordedStackTrace st = e.getStackTrace();
      if (st == null || st.getFrames().isEmpty()) {
        continue;
      }
      samples++;
      Set<String> seen = new HashSet<>();
      Set<String> seenPrefix = new HashSet<>();
      boolean first = true;
      for (RecordedFrame f : st.getFrames()) {
        String name = f.getMethod().getType().getName() + "." + f.getMethod().getName();
        if (first) {
          self.merge(name, 1, Integer::sum);
          first = false;
        }
        if (seen.add(name)) {
          total.merge(name, 1, Integer::sum);
        }
        for (String p : prefixes) {
          if (name.startsWith(p) && seenPrefix.add(p)) {
            under.merge(p, 1, Integer::sum);
          }
        }
      }
    }
    System.out.printf("%d execution samples%n", samples);
    print("inclusive (stack contains)", total, samples, top);
    print("self (top frame)", self, samples, top);
    if (!prefixes.isEmpty()) {
      System.out.println("== under prefix");
      for (String p : prefixes) {
        System.out.printf("%5.1f%%  %s%n", 100.0 * under.getOrDefault(p, 0) / samples, p);
      }
    }
    if (!allocations.isEmpty()) {
      printAllocations(allocations, top, Long.getLong("ops", 0));
    }
    if (!contention.isEmpty()) {
      System.out.println("== contention: events, summed ms, type, class waited on, site (top " + top + " by time)");
      contention.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue()[1], a.getValue()[1])).limit(top)
          .forEach(en -> System.out.printf("%8d %10.1f  %s%n", en.getValue()[0], en.getValue()[1] / 1e6,
              en.getKey()));
    }
  }

  /** Sampled allocation weight by object class and by site, as shares, MB and (with ops) bytes per operation. */
  private static void printAllocations(List<RecordedEvent> allocations, int top, long ops) {
    Map<String, Long> byClass = new HashMap<>();
    Map<String, Long> bySite = new HashMap<>();
    long all = 0;
    for (RecordedEvent e : allocations) {
      long weight = e.getLong("weight");
      all += weight;
      byClass.merge(className(e, "objectClass"), weight, Long::sum);
      RecordedStackTrace st = e.getStackTrace();
      String at = st == null || st.getFrames().isEmpty() ? "?" : method(st.getFrames().get(0));
      bySite.merge(at + "  via " + site(st), weight, Long::sum);
    }
    System.out.printf("== allocation: %d samples, %.1f MB sampled weight%s%n", allocations.size(), all / 1e6,
        ops > 0 ? String.format(" = %.0f bytes per operation over %d operations", (double) all / ops, ops) : "");
    printWeights("by object class", byClass, all, top, ops);
    printWeights("by site: allocating frame  via the first frame outside the JDK", bySite, all, top, ops);
  }

  private static void printWeights(String title, Map<String, Long> weights, long all, int top, long ops) {
    System.out.println("== allocation " + title + (ops > 0 ? " (share, bytes per operation)" : " (share, MB)"));
    weights.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue(), a.getValue())).limit(top)
        .forEach(en -> System.out.printf("%5.1f%% %8.1f  %s%n", 100.0 * en.getValue() / all,
            ops > 0 ? (double) en.getValue() / ops : en.getValue() / 1e6, en.getKey()));
  }

  private static String method(RecordedFrame f) {
    return f.getMethod().getType().getName() + "." + f.getMethod().getName();
  }

  /** Contention event types and the field naming what was waited on. */
  private static final Map<String, String> CONTENTION = Map.of("jdk.JavaMonitorEnter", "monitorClass",
      "jdk.ThreadPark", "parkedClass", "jdk.JavaMonitorWait", "monitorClass");

  private static String className(RecordedEvent e, String field) {
    jdk.jfr.consumer.RecordedClass c = e.getValue(field);
    return c == null ? "-" : c.getName();
  }

  /** The first frame outside the JDK: whose code waited. */
  private static String site(RecordedStackTrace st) {
    if (st == null) {
      return "?";
    }
    for (RecordedFrame f : st.getFrames()) {
      String type = f.getMethod().getType().getName();
      if (!type.startsWith("java.") && !type.startsWith("jdk.") && !type.startsWith("sun.")) {
        return type + "." + f.getMethod().getName();
      }
    }
    return "(JDK only)";
  }

  private static void print(String title, Map<String, Integer> counts, int samples, int top) {
    System.out.println("== " + title);
    counts.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(top)
        .forEach(en -> System.out.printf("%5.1f%%  %s%n", 100.0 * en.getValue() / samples, en.getKey()));
  }
}
