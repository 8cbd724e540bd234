package dev.ycsbpack.launcher;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ycsbpack.common.PropertyPairs;
import java.util.Properties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** A property nothing reads is refused with the nearest known name; users' own names pass when allowed. */
class KnownPropertiesTest {
  private static Properties workloada(String... pairs) {
    return PropertyPairs.into(CorePropertiesTest.workloada(), pairs);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"recordcont, recordcount", "opertioncount, operationcount", "updatepropotion, updateproportion",
      "RecordCount, recordcount", "hdrhistogram.percentile, hdrhistogram.percentiles",
      "basicdb.verbos, basicdb.verbose", "batchsiz, batchsize"})
  void aTypoIsRefusedWithTheNameItMeant(String typo, String meant) {
    UsageException e = assertThrows(UsageException.class, () -> KnownProperties.check(workloada(typo + "=1000")));
    assertEquals("unknown property " + typo + " (did you mean " + meant + "?): no part of this run reads it; correct"
        + " it, or list your own properties in ycsbpack.allow=NAME,PREFIX* to keep them", e.getMessage());
  }

  @Test
  void aNameFarFromEveryKnownOneGetsNoGuess() {
    UsageException e = assertThrows(UsageException.class, () -> KnownProperties.check(workloada("run.id=7")));
    assertEquals("unknown property run.id: no part of this run reads it; correct it, or list your own properties"
        + " in ycsbpack.allow=NAME,PREFIX* to keep them", e.getMessage());
  }

  @Test
  void everyNameYcsbTheWorkloadOrABindingReadsPasses() {
    Properties p = workloada();
    for (String name : KnownProperties.YCSB) {
      p.setProperty(name, "x");
    }
    for (String name : KnownProperties.CORE_WORKLOAD) {
      p.setProperty(name, "x");
    }
    p.setProperty("htrace.sampler.classes", "x");
    p.setProperty("mongodb.url", "mongodb://db1/ycsb");
    p.setProperty("mongodb.anything", "the binding refuses its own unknown names itself");
    p.setProperty("batchsize", "10");
    p.setProperty("basicdb.simulatedelay", "0");
    p.setProperty(MultiClientWorkload.INDEX, "0");
    p.setProperty("workload", MultiClientWorkload.class.getName());
    assertDoesNotThrow(() -> KnownProperties.check(p));
  }

  @Test
  void usersOwnNamesPassWhenListedByNameOrPrefix() {
    Properties p = workloada("run.id=7", "team.owner=me", "team.cost=3", KnownProperties.ALLOW + "=run.id, team.*");
    assertDoesNotThrow(() -> KnownProperties.check(p));
    p.setProperty("teams", "x");
    UsageException e = assertThrows(UsageException.class, () -> KnownProperties.check(p));
    assertEquals(true, e.getMessage().startsWith("unknown property teams"), e::getMessage);
  }

  @Test
  void anotherWorkloadClassMayReadAnyName() {
    assertDoesNotThrow(() -> KnownProperties.check(workloada("workload=site.ycsb.workloads.TimeSeriesWorkload",
        "tagcount=4")));
  }

  @Test
  void aNameOnlyLaterYcsbReadsIsNamedAsSuch() {
    UsageException e = assertThrows(UsageException.class,
        () -> KnownProperties.check(workloada("readallfieldsbyname=true")));
    assertEquals("unsupported property readallfieldsbyname: YCSB after 0.17.0 reads it; 0.17.0, which this pack"
        + " runs, does not", e.getMessage());
  }

  @Test
  void thePacksOwnOptionsAndTheNamesTheCoordinatorSetsPass() {
    // as a user types them (README) and as the coordinator writes them into a client's properties
    assertDoesNotThrow(() -> KnownProperties.check(workloada("ycsbpack.maxerrorrate=5", "ycsbpack.maxnotfoundrate=20",
        "ycsbpack.stalltimeout=30", "ycsbpack.client.index=0", "ycsbpack.client.count=2",
        "ycsbpack.client.operationcount.total=1000")));
    UsageException e = assertThrows(UsageException.class,
        () -> KnownProperties.check(workloada("ycsbpack.maxerorrate=5")));
    assertEquals(true,
        e.getMessage().startsWith("unknown property ycsbpack.maxerorrate (did you mean ycsbpack.maxerrorrate?)"),
        e::getMessage);
  }
}
