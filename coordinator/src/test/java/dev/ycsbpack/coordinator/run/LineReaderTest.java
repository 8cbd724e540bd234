package dev.ycsbpack.coordinator.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LineReaderTest {
  @Test
  void oneThreadReadsEveryLineOfManyProcessesWholeAndInOrder() throws Exception {
    int processes = 64;
    LineReader reader = new LineReader("test-output");
    Map<Integer, List<String>> out = new ConcurrentHashMap<>();
    Map<Integer, List<String>> err = new ConcurrentHashMap<>();
    List<Process> started = new ArrayList<>();
    // each stream says once that it ended, after its last line: a client's last words are waited for by this
    CountDownLatch ends = new CountDownLatch(2 * processes);
    int threadsBefore = Thread.activeCount();
    try {
      for (int i = 0; i < processes; i++) {
        // a line cut in two writes, a multi-byte character, 200 numbered lines (more than one read), no final newline
        Process p = new ProcessBuilder("sh", "-c", "printf 'half'; sleep 0.1; printf ' line\\n'; "
            + "printf 'caf\\303\\251 %s\\n' " + i + " >&2; i=0; while [ $i -lt 200 ]; do echo \"n $i\"; i=$((i+1)); "
            + "done; printf 'last'").start();
        started.add(p);
        List<String> o = new CopyOnWriteArrayList<>();
        List<String> e = new CopyOnWriteArrayList<>();
        out.put(i, o);
        err.put(i, e);
        reader.add(p.getInputStream(), p, o::add, ends::countDown);
        reader.add(p.getErrorStream(), p, e::add, ends::countDown);
      }
      assertTrue(Thread.activeCount() <= threadsBefore + 1 + processes, "no reader thread per stream");
      for (Process p : started) {
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
      }
      assertTrue(ends.await(30, TimeUnit.SECONDS), "every stream's end reported");
      for (int i = 0; i < processes; i++) {
        List<String> o = out.get(i);
        assertEquals(202, o.size(), o::toString);
        assertEquals("half line", o.get(0));
        assertEquals("n 0", o.get(1));
        assertEquals("n 199", o.get(200));
        assertEquals("last", o.get(201));
        assertEquals(List.of("café " + i), err.get(i));
      }
    } finally {
      reader.close();
      started.forEach(Process::destroyForcibly);
    }
  }
}
