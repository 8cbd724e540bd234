package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.PropertyPairs;
import dev.ycsbpack.testkit.TestTargets;
import java.util.HashMap;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.DBException;
import site.ycsb.StringByteIterator;

/** A run that reads a never-loaded collection stops in the preflight, naming it and the load command. */
class EmptyCollectionCheckTest {
  private static Properties run(BindingHarness h, String... pairs) {
    Properties p = new Properties();
    p.putAll(h.properties);
    p.setProperty("workload", "site.ycsb.workloads.CoreWorkload");
    p.setProperty("dotransactions", "true");
    p.setProperty("table", h.table);
    return PropertyPairs.into(p, pairs);
  }

  @Test
  void aRunThatReadsAnEmptyCollectionIsStoppedUntilItIsLoaded() throws Exception {
    try (BindingHarness h = new BindingHarness(TestTargets.inProcess())) {
      DBException e = assertThrows(DBException.class, () -> MongoDbClient.preflight(run(h)));
      assertTrue(e.getMessage().contains(BindingHarness.TEST_DATABASE + "." + h.table + " is empty (never loaded)"),
          e::getMessage);
      assertTrue(e.getMessage().contains("bin/ycsb load mongodb -P <the same workload files>"), e::getMessage);
      assertTrue(e.getMessage().contains("mongodb.allowEmpty=true"), e::getMessage);
      for (String mix : new String[] {"updateproportion", "scanproportion", "readmodifywriteproportion"}) {
        assertThrows(DBException.class, () -> MongoDbClient.preflight(run(h, "readproportion=0",
            "updateproportion=0", mix + "=1")), mix);
      }

      h.client().insert(h.table, "user1", StringByteIterator.getByteIteratorMap(new HashMap<>()));
      assertDoesNotThrow(() -> MongoDbClient.preflight(run(h)));
    }
  }

  @Test
  void anAdminUrlPathChecksTheBenchmarkDatabaseAndNoServerErrorEscapes() throws Exception {
    try (BindingHarness h = new BindingHarness(TestTargets.inProcess())) {
      Properties p = run(h, "mongodb.url=" + h.target.connectionString() + "/admin");
      DBException e = assertThrows(DBException.class, () -> MongoDbClient.preflight(p));
      assertTrue(e.getMessage().contains(BindingHarness.TEST_DATABASE + "." + h.table + " is empty"), e::getMessage);

      // a server that refuses the read (here: mongo-java-server on its admin database) is one line, not a trace
      try (
          com.mongodb.client.MongoClient client = com.mongodb.client.MongoClients.create(h.target.connectionString())) {
        DBException refused = assertThrows(DBException.class, () -> EmptyCollectionCheck.check(
            client.getDatabase("admin"), run(h), dev.ycsbpack.common.Redactor.of(p)));
        assertTrue(refused.getMessage().startsWith("mongodb binding: cannot read admin." + h.table
            + " to check that it was loaded: "), refused::getMessage);
      }
    }
  }

  @Test
  void loadsInsertOnlyRunsAndTheOptOutAreNotStopped() throws Exception {
    try (BindingHarness h = new BindingHarness(TestTargets.inProcess())) {
      assertDoesNotThrow(() -> MongoDbClient.preflight(run(h, "dotransactions=false")));
      assertDoesNotThrow(() -> MongoDbClient.preflight(run(h, "readproportion=0", "updateproportion=0",
          "insertproportion=1")));
      assertDoesNotThrow(() -> MongoDbClient.preflight(run(h, "mongodb.allowEmpty=true")));
      assertDoesNotThrow(() -> MongoDbClient.preflight(run(h, "workload=site.ycsb.workloads.TimeSeriesWorkload")));
      OptionException bad = assertThrows(OptionException.class,
          () -> MongoDbClient.preflight(run(h, "mongodb.allowEmpty=maybe")));
      assertTrue(bad.getMessage().contains("invalid mongodb.allowEmpty=maybe: use true or false"), bad::getMessage);
    }
  }
}
