package dev.ycsbpack.mongodb.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.mongodb.ServerAddress;
import com.mongodb.connection.ClusterConnectionMode;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ClusterId;
import com.mongodb.connection.ClusterType;
import com.mongodb.connection.ServerConnectionState;
import com.mongodb.connection.ServerDescription;
import com.mongodb.connection.ServerId;
import com.mongodb.connection.ServerType;
import com.mongodb.event.ConnectionCheckOutStartedEvent;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** What the selector leaves to the driver's later selectors, for each way a point read steers a command. */
class SteeredSelectionTest {
  private static final ServerAddress A = new ServerAddress("a", 1);
  private static final ServerAddress B = new ServerAddress("b", 2);

  private static ClusterDescription cluster(ClusterType type, ServerType serverType, ServerAddress... addresses) {
    List<ServerDescription> servers = List.of(addresses).stream().map(a -> ServerDescription.builder().address(a)
        .state(ServerConnectionState.CONNECTED).type(serverType).build()).collect(Collectors.toList());
    return new ClusterDescription(ClusterConnectionMode.MULTIPLE, type, servers);
  }

  private static List<ServerAddress> chosen(ClusterDescription cluster) {
    return SteeredSelection.INSTANCE.select(cluster).stream().map(ServerDescription::getAddress)
        .collect(Collectors.toList());
  }

  @Test
  void outsideAPointReadsFollowUpEveryServerPassesThrough() {
    assertEquals(List.of(A, B), chosen(cluster(ClusterType.SHARDED, ServerType.SHARD_ROUTER, A, B)));
  }

  @Test
  void aRetryAvoidsTheFailedMongosUnlessItIsTheOnlyOne() {
    assertEquals(List.of(B), SteeredSelection.avoiding(A,
        () -> chosen(cluster(ClusterType.SHARDED, ServerType.SHARD_ROUTER, A, B))));
    assertEquals(List.of(A), SteeredSelection.avoiding(A,
        () -> chosen(cluster(ClusterType.SHARDED, ServerType.SHARD_ROUTER, A))), "never an empty choice");
    assertEquals(List.of(A, B), chosen(cluster(ClusterType.SHARDED, ServerType.SHARD_ROUTER, A, B)),
        "the steer ends with the command");
  }

  @Test
  void onAReplicaSetARetryIsSelectedAsUsualAsTheDriversIs() {
    assertEquals(List.of(A, B), SteeredSelection.avoiding(A,
        () -> chosen(cluster(ClusterType.REPLICA_SET, ServerType.REPLICA_SET_SECONDARY, A, B))));
  }

  /**
   * A point read's retry: every failed server avoided on a sharded cluster, only the overloaded ones elsewhere (the
   * driver's enableOverloadRetargeting), and no selection once the attempts the driver's find allows are started.
   */
  @Test
  void aPointReadsRetryAvoidsAsTheDriverDoesAndStartsNoAttemptPastItsLimit() {
    ServerAddress c = new ServerAddress("c", 3);
    Set<ServerAddress> failed = Set.of(A, B);
    Set<ServerAddress> overloaded = Set.of(B);
    assertEquals(List.of(c), SteeredSelection.retrying(failed, overloaded, 1,
        () -> chosen(cluster(ClusterType.SHARDED, ServerType.SHARD_ROUTER, A, B, c))));
    assertEquals(List.of(A, c), SteeredSelection.retrying(failed, overloaded, 1,
        () -> chosen(cluster(ClusterType.REPLICA_SET, ServerType.REPLICA_SET_SECONDARY, A, B, c))));
    assertEquals(List.of(A, B, c), SteeredSelection.retrying(failed, Set.of(), 1,
        () -> chosen(cluster(ClusterType.REPLICA_SET, ServerType.REPLICA_SET_SECONDARY, A, B, c))));
    // the limit counts checkouts on this thread: one attempt allowed, one started, the next selection is refused
    assertThrows(SteeredSelection.AttemptsSpent.class, () -> SteeredSelection.retrying(Set.of(), Set.of(), 1, () -> {
      chosen(cluster(ClusterType.REPLICA_SET, ServerType.REPLICA_SET_PRIMARY, A));
      AttemptCount.INSTANCE.connectionCheckOutStarted(new ConnectionCheckOutStartedEvent(
          new ServerId(new ClusterId(), A), 1));
      return chosen(cluster(ClusterType.REPLICA_SET, ServerType.REPLICA_SET_PRIMARY, A));
    }));
    assertEquals(List.of(A), chosen(cluster(ClusterType.REPLICA_SET, ServerType.REPLICA_SET_PRIMARY, A)),
        "the limit ends with the command");
  }

  @Test
  void aKillGoesToThePinnedServerOrWhereverTheReadPreferenceAllowsIfItIsGone() {
    assertEquals(List.of(B), SteeredSelection.pinned(B,
        () -> chosen(cluster(ClusterType.REPLICA_SET, ServerType.REPLICA_SET_SECONDARY, A, B))));
    assertEquals(List.of(A), SteeredSelection.pinned(B,
        () -> chosen(cluster(ClusterType.SHARDED, ServerType.SHARD_ROUTER, A))));
  }
}
