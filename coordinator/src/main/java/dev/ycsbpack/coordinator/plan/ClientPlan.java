package dev.ycsbpack.coordinator.plan;

import java.util.Map;

/**
 * One client of a coordinated run: where it runs and what share it takes.
 *
 * @param index      position among all clients, from 0
 * @param name       its name: the folder name in the bundle, and the name in every report
 * @param host       where it runs
 * @param threads    its client threads
 * @param target     its operations per second, 0 for unthrottled
 * @param operations operations it attempts (its insertcount in a load, its operationcount in a run)
 * @param keys       what it does with keys, for people: its insert range in a load, its insert window in a run
 * @param properties the properties it runs with: the user's, then its share (threadcount, target, key range, ...)
 */
public record ClientPlan(int index, String name, Host host, long threads, long target, long operations, String keys,
    Map<String, String> properties) {
  public ClientPlan {
    properties = Map.copyOf(properties);
  }
}
