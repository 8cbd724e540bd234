package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbpack.testkit.NetnsHosts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/ycsb-experiment through the network-namespace SSH hosts: an experiment's steps are coordinated runs over ssh like
 * any other (one client process per host, each on its own link to the server), loaded once, each step's clients on
 * the hosts asked for, the answers drawn, and nothing left running. Needs root (CI runs it).
 */
class ExperimentOverSshIT {

  @RegisterExtension
  static final NetnsLab.PerClass LAB = new NetnsLab.PerClass(2);

  @TempDir
  Path work;

  @Test
  void aThreadsSweepOverSshHostsLoadsOnceRunsEachStepOnEveryHostAndAnswers() throws Exception {
    NetnsHosts rig = LAB.rig();
    String table = Servers.newTable();
    Path dir = work.resolve("sweep");
    Path remote = work.resolve("remote");
    Coordinator c = Coordinator.start(work, rig.coordinator().command(List.of()), "bin/ycsb-experiment", List.of(
        "sweep", "mongodb", "-P", YcsbRun.readMostly().toString(),
        "-p", "mongodb.url=" + LAB.url(), "-p", "mongodb.database=" + Servers.DATABASE, "-p", "table=" + table,
        "-p", "recordcount=300", "-p", "operationcount=400", "-threads", "2,4", "--load",
        "--hosts", "h1,h2", "--ssh-config", rig.sshConfig().toString(), "--remote-dir", remote.toString(),
        "--quiet", "--out", dir.toString()));
    c.await();
    assertEquals(0, c.exitCode(), c::describe);
    JsonNode m = Coordinator.manifest(dir);
    assertEquals("COMPLETE", m.get("status").asText(), m::toPrettyString);
    assertEquals(300, LAB.count(table), "loaded once, by the experiment's own load step");
    JsonNode steps = m.get("steps");
    assertEquals(3, steps.size(), m::toPrettyString);
    assertEquals("00-load", steps.get(0).get("name").asText());
    for (JsonNode s : steps) {
      assertEquals("COMPLETE", s.get("verdict").asText(), s::toPrettyString);
      JsonNode bundle = Coordinator.manifest(dir.resolve(s.get("bundle").asText()));
      assertEquals("COMPLETE", bundle.get("status").asText(), bundle::toPrettyString);
      Set<String> hosts = new TreeSet<>();
      bundle.get("clients").forEach(cl -> hosts.add(cl.get("host").asText()));
      assertEquals(Set.of("h1", "h2"), hosts, "every step runs a client on each host asked for");
      long threads = 0;
      for (JsonNode cl : bundle.get("clients")) {
        threads += cl.get("threads").asLong();
      }
      if (s.get("x").asLong() == 0) {
        assertTrue(threads >= 2, "the load runs at least a thread on each host: " + bundle);
      } else {
        assertEquals(s.get("x").asLong(), threads, "the step's total threads");
      }
      if (!s.get("name").asText().equals("00-load")) {
        assertTrue(s.get("figures").get("throughput").asDouble() > 0, s::toPrettyString);
        assertFalse(s.get("figures").get("hostCpu").isEmpty(), "client CPU recorded over ssh: " + s);
      }
    }
    JsonNode answers = m.get("answers");
    assertEquals(2, answers.get("steps").asInt(), answers::toPrettyString);
    assertTrue(c.stdout().contains("highest throughput: "), c::describe);
    assertTrue(Files.isRegularFile(dir.resolve("report.html")));
    // nothing of the experiment is left running on a host (namespace hosts share this machine's process table)
    assertTrue(Coordinator.waitFor(() -> ProcessTable.matching("YcsbMain", remote.toString()).isEmpty(), 20),
        () -> "clients still running: " + ProcessTable.matching("YcsbMain", remote.toString()));
  }
}
