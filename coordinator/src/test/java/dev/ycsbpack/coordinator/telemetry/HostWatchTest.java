package dev.ycsbpack.coordinator.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.coordinator.hosts.FakeHost;
import dev.ycsbpack.coordinator.plan.Host;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which machines a run samples, under which names. */
class HostWatchTest {
  @Test
  void everyMachineOnceTheServersFirstUnderTheirLabels() {
    FakeHost shell = FakeHost.withJava(Path.of("/nonexistent"));
    HostWatch w = HostWatch.of(List.of(new Host.Ssh("admin", "db1", 2222), new Host.Local(1)),
        List.of(new Host.Local(1), new Host.Local(2), new Host.Ssh(null, "db1", 2222), new Host.Ssh(null, "c1", 0),
            new Host.Ssh("other", "c1", 0)),
        h -> shell);
    assertEquals(List.of("host-db1", "host-local", "host-db1_2222", "host-c1", "host-other_c1"),
        w.hosts().stream().map(WatchedHost::source).toList());
    assertEquals(List.of("admin@db1:2222", "local", "db1:2222", "c1", "other@c1"),
        w.hosts().stream().map(WatchedHost::name).toList());
    // this machine is a server host and runs clients too: sampled once, its role says both
    assertEquals(List.of("server", "server+client", "client", "client", "client"),
        w.hosts().stream().map(WatchedHost::role).toList());
    assertTrue(w.hosts().get(1).proc() instanceof ProcSource.Local, "this machine is read directly");
    assertTrue(w.hosts().get(0).proc() instanceof ProcSource.Remote);
  }
}
