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
 * <p>Usage: java bench/JfrTop.java RECORDING.jfr [TOP=25] [PREFIX...]
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
    int samples = 0;
    for (RecordedEvent e : events) {
      if (!e.getEventType().getName().equals("jdk.ExecutionSample")) {
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
  }

  private static void print(String title, Map<String, Integer> counts, int samples, int top) {
    System.out.println("== " + title);
    counts.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(top)
        .forEach(en -> System.out.printf("%5.1f%%  %s%n", 100.0 * en.getValue() / samples, en.getKey()));
  }
}
