package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ReadConcernLevel;
import com.mongodb.ReadPreference;
import com.mongodb.TagSet;
import com.mongodb.Tag;
import com.mongodb.WriteConcern;
import dev.ycsbpack.common.PropertyPairs;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import dev.ycsbpack.common.AwkwardStrings;
import dev.ycsbpack.common.Redactor;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Option parsing and precedence; what reaches the wire is checked against servers in WriteConcernOnTheWireTest. */
class BindingOptionsTest {
  private static BindingOptions options(String... pairs) {
    return BindingOptions.from(PropertyPairs.of(pairs));
  }

  private static String rejection(String... pairs) {
    return assertThrows(OptionException.class, () -> options(pairs)).getMessage();
  }

  @Test
  void defaultsLeaveWriteConcernToTheServerAndSayItPlainly() {
    BindingOptions o = options();
    assertEquals("ycsb", o.database());
    assertEquals(WriteConcern.ACKNOWLEDGED, o.writeConcern());
    assertEquals(ReadPreference.primary(), o.readPreference());
    assertEquals(1, o.batchSize());
    assertFalse(o.upsert());
    assertTrue(o.describe().contains("writeConcern={server default}"), o.describe());
  }

  @Test
  void databaseComesFromTheUrlPathThenTheOptionThenYcsb() {
    assertEquals("fromurl", options("mongodb.url=mongodb://h/fromurl").database());
    assertEquals("same", options("mongodb.url=mongodb://h/same", "mongodb.database=same").database());
    assertEquals("opt", options("mongodb.url=mongodb://h/", "mongodb.database=opt").database());
    assertEquals("ycsb", options("mongodb.url=mongodb://h").database());
    // the default URL names no database, so mongodb.database alone is used, not refused as a conflict
    assertEquals("bench", options("mongodb.database=bench").database());
    assertEquals("ycsb", options().database());
  }

  @Test
  void anAdminPathIsWhereTheUserAuthenticatesNotTheDatabaseToBenchmark() {
    BindingOptions o = options("mongodb.url=mongodb://alice:hunter2@h/admin");
    assertEquals("ycsb", o.database());
    // the driver still authenticates against the path's database (no authSource in the URL): the URL is not changed
    assertEquals("admin", o.settings().build().getCredential().getSource());
    o = options("mongodb.url=mongodb://alice:hunter2@h/admin?replicaSet=rs0", "mongodb.database=bench");
    assertEquals("bench", o.database());
    assertEquals("admin", o.settings().build().getCredential().getSource());
    assertEquals("ycsb", options("mongodb.url=mongodb://h/local").database());
    assertEquals("ycsb", options("mongodb.url=mongodb://h/config").database());
    // a user defined in the benchmark database itself authenticates there
    assertEquals("bench", options("mongodb.url=mongodb://alice:hunter2@h/bench").settings().build().getCredential()
        .getSource());
  }

  @Test
  void aUrlPathAndADatabaseOptionThatDisagreeAreRefusedNamingBoth() {
    String m = rejection("mongodb.url=mongodb://alice:hunter2@h/foo", "mongodb.database=bar");
    assertTrue(m.startsWith("the database is named twice: mongodb.url has /foo in its path and mongodb.database=bar;"),
        m);
    assertTrue(m.contains("authSource=foo"), m);
    assertFalse(m.contains("hunter2"), m);
    m = rejection("mongodb.url=mongodb://alice:hunter2@h/admin", "mongodb.database=admin");
    assertTrue(m.startsWith("invalid mongodb.database=admin: it is one of MongoDB's own databases"), m);
  }

  @Test
  void explicitWriteConcernOptionsOverrideTheUrlComponentByComponent() {
    WriteConcern wc = options("mongodb.url=mongodb://h/db?w=2&journal=true&wtimeoutMS=500",
        "mongodb.w=majority").writeConcern();
    assertEquals("majority", wc.getWObject());
    assertEquals(Boolean.TRUE, wc.getJournal());
    assertEquals(500, wc.getWTimeout(TimeUnit.MILLISECONDS));

    wc = options("mongodb.url=mongodb://h/db?w=majority", "mongodb.j=false", "mongodb.wtimeout=250").writeConcern();
    assertEquals("majority", wc.getWObject());
    assertEquals(Boolean.FALSE, wc.getJournal());
    assertEquals(250, wc.getWTimeout(TimeUnit.MILLISECONDS));
  }

  @Test
  void wAcceptsNumbersMajorityAndTags() {
    assertEquals(0, options("mongodb.w=0").writeConcern().getWObject());
    assertEquals(3, options("mongodb.w=3").writeConcern().getWObject());
    assertEquals("majority", options("mongodb.w=MAJORITY").writeConcern().getWObject());
    assertEquals("multiDC", options("mongodb.w=tag:multiDC").writeConcern().getWObject());
  }

  @Test
  void namedWriteConcernsOfExistingWorkloadFiles() {
    assertEquals(WriteConcern.UNACKNOWLEDGED, options("mongodb.writeConcern=unacknowledged").writeConcern());
    assertEquals(WriteConcern.W1, options("mongodb.writeConcern=acknowledged").writeConcern());
    assertEquals(WriteConcern.W1.withJournal(true), options("mongodb.writeConcern=journaled").writeConcern());
    assertEquals(WriteConcern.W2, options("mongodb.writeConcern=replica_acknowledged").writeConcern());
    assertEquals(WriteConcern.MAJORITY, options("mongodb.writeConcern=majority").writeConcern());
    // explicit components still win over the named one
    assertEquals(WriteConcern.W2.withJournal(true),
        options("mongodb.writeConcern=replica_acknowledged", "mongodb.j=true").writeConcern());
  }

  @Test
  void invalidWriteConcernsAreRejectedWithTheOptionAndTheValidValues() {
    String m = rejection("mongodb.w=abc");
    assertTrue(m.contains("mongodb.w=abc") && m.contains("majority") && m.contains("tag:"), m);
    m = rejection("mongodb.w=0", "mongodb.j=true");
    assertTrue(m.contains("w=0") && m.contains("j=true") && m.contains("mongodb.j=false"), m);
    m = rejection("mongodb.url=mongodb://h/db?journal=true", "mongodb.w=0");
    assertTrue(m.contains("w=0"), m);
    m = rejection("mongodb.w=0", "mongodb.wtimeout=100");
    assertTrue(m.contains("wtimeout"), m);
    m = rejection("mongodb.w=-1");
    assertTrue(m.contains("mongodb.w=-1"), m);
    m = rejection("mongodb.j=yes");
    assertTrue(m.contains("mongodb.j=yes") && m.contains("true or false"), m);
    m = rejection("mongodb.wtimeout=soon");
    assertTrue(m.contains("mongodb.wtimeout=soon"), m);
    m = rejection("mongodb.writeConcern=fsynced");
    assertTrue(m.contains("mongodb.writeConcern=fsynced") && m.contains("journaled"), m);
  }

  @Test
  void readPreferenceWithTagsAndStaleness() {
    ReadPreference rp = options("mongodb.readPreference=secondary_preferred",
        "mongodb.readPreferenceTags=dc:ny,rack:1;dc:sf;", "mongodb.maxStalenessSeconds=120").readPreference();
    assertEquals(ReadPreference.secondaryPreferred(List.of(
        new TagSet(List.of(new Tag("dc", "ny"), new Tag("rack", "1"))), new TagSet(List.of(new Tag("dc", "sf"))),
        new TagSet()), 120, TimeUnit.SECONDS), rp);
    assertEquals(ReadPreference.nearest(), options("mongodb.url=mongodb://h/?readPreference=nearest").readPreference());
    assertEquals(ReadPreference.secondary(),
        options("mongodb.url=mongodb://h/?readPreference=nearest", "mongodb.readPreference=secondary")
            .readPreference());
  }

  @Test
  void eachReadPreferencePropertyOverridesOnlyItsOwnPartOfTheUrls() {
    String url = "mongodb.url=mongodb://h/?readPreference=secondary&readPreferenceTags=dc:ny&maxStalenessSeconds=120";
    List<TagSet> ny = List.of(new TagSet(new Tag("dc", "ny")));
    assertEquals(ReadPreference.nearest(ny, 120, TimeUnit.SECONDS),
        options(url, "mongodb.readPreference=nearest").readPreference());
    assertEquals(ReadPreference.secondary(List.of(new TagSet(new Tag("dc", "sf"))), 120, TimeUnit.SECONDS),
        options(url, "mongodb.readPreferenceTags=dc:sf").readPreference());
    assertEquals(ReadPreference.secondary(ny, 200, TimeUnit.SECONDS),
        options(url, "mongodb.maxStalenessSeconds=200").readPreference());
    // an empty property is an explicit "no tag sets", not an absent one
    assertEquals(ReadPreference.secondary(120, TimeUnit.SECONDS),
        options(url, "mongodb.readPreferenceTags=").readPreference());
    String m = rejection(url, "mongodb.readPreference=primary");
    assertTrue(m.startsWith("read preference primary cannot use tag sets or a maximum staleness"
        + " (mongodb.readPreference=primary with the URL's readPreferenceTags)"), m);
  }

  @Test
  void oneLineNamesEveryUrlOptionAPropertyOverrode() {
    String url = "mongodb.url=mongodb://alice:hunter2@h/db?w=1&journal=false&wtimeoutMS=100&maxPoolSize=5"
        + "&readPreference=secondary&readConcernLevel=local&retryWrites=true";
    assertEquals("mongodb binding: mongodb.w=majority overrides the URL's w=1; mongodb.j=true overrides the URL's"
        + " journal=false; mongodb.readConcern=majority overrides the URL's readConcernLevel=local;"
        + " mongodb.maxPoolSize=8 overrides the URL's maxPoolSize=5 (properties take precedence over mongodb.url;"
        + " upstream YCSB's binding kept the URL's)",
        options(url, "mongodb.w=majority", "mongodb.j=true", "mongodb.wtimeout=100", "mongodb.maxPoolSize=8",
            "mongodb.readConcern=majority", "mongodb.retryWrites=true").urlOverrides());
    assertEquals("mongodb binding: mongodb.writeConcern=journaled overrides the URL's w=1, journal=false (properties"
        + " take precedence over mongodb.url; upstream YCSB's binding kept the URL's)",
        options(url, "mongodb.writeConcern=journaled").urlOverrides());
    assertEquals(null, options(url).urlOverrides());
    assertEquals(null, options("mongodb.w=majority").urlOverrides());
  }

  @Test
  void aWtimeoutBeyondWhatTheDriverHoldsIsRefusedWithTheRange() {
    String m = rejection("mongodb.w=1", "mongodb.wtimeout=99999999999");
    assertEquals("invalid mongodb.wtimeout=99999999999: a timeout in milliseconds from 0 to 2147483647", m);
    assertTrue(rejection("mongodb.wtimeout=2147483648").startsWith("invalid mongodb.wtimeout=2147483648"));
    assertEquals(Integer.MAX_VALUE,
        options("mongodb.wtimeout=2147483647").writeConcern().getWTimeout(TimeUnit.MILLISECONDS));
  }

  @Test
  void credentialPropertiesAreRefusedSayingWhereCredentialsGoWithoutEchoingThem() {
    for (String password : AwkwardStrings.passwords(17, 20)) {
      String m = rejection("mongodb.username=alice", "mongodb.password=" + password);
      assertTrue(m.startsWith("mongodb.username and mongodb.password (the mongodb-labs fork's) are not read here:"
          + " credentials go in mongodb.url as user info, percent-encoded"), m);
      assertFalse(m.contains(password), m);
    }
    assertTrue(rejection("mongodb.password=x").startsWith("mongodb.password (the mongodb-labs fork's)"));
  }

  @Test
  void theForksDocumentShapePropertiesAreRefusedUnlessTheyDescribeThisBindingsDocuments() {
    String m = rejection("datatype=string");
    assertTrue(m.startsWith("datatype=string is a property of the mongodb-labs YCSB fork, which this binding does not"
        + " support"), m);
    assertTrue(m.contains("remove datatype"), m);
    assertTrue(rejection("compressibility=0.5").startsWith("compressibility=0.5 is a property of the mongodb-labs"));
    assertEquals("ycsb", options("datatype=binData", "compressibility=1").database());
  }

  @Test
  void upstreamsRemovedPoolSettingIsNamedAsIgnored() {
    assertTrue(options("mongodb.threadsAllowedToBlockForConnectionMultiplier=5").describe()
        .endsWith(
            " ignored: mongodb.threadsAllowedToBlockForConnectionMultiplier=5 (removed from the driver; it changes"
                + " nothing)"));
    assertFalse(options().describe().contains("ignored"));
  }

  @Test
  void invalidReadOptionsAreRejected() {
    assertTrue(rejection("mongodb.readPreference=fastest").contains("primaryPreferred"));
    assertTrue(rejection("mongodb.readPreferenceTags=dc:ny").contains("primary cannot"));
    assertTrue(rejection("mongodb.readPreference=nearest", "mongodb.readPreferenceTags=dc").contains("name:value"));
    assertTrue(rejection("mongodb.readPreference=nearest", "mongodb.maxStalenessSeconds=10").contains("90"));
    assertTrue(rejection("mongodb.readConcern=strong").contains("linearizable"));
    assertEquals(ReadConcernLevel.MAJORITY, options("mongodb.readConcern=majority").readConcern().getLevel());
  }

  @Test
  void batchSizeUnderEitherNameAndUpsert() {
    assertEquals(100, options("mongodb.batchsize=100").batchSize());
    assertEquals(50, options("batchsize=50").batchSize());
    assertEquals(50, options("batchsize=50", "mongodb.batchsize=50").batchSize());
    assertTrue(rejection("batchsize=50", "mongodb.batchsize=10").contains("disagree"));
    assertTrue(rejection("mongodb.batchsize=0").contains("mongodb.batchsize=0"));
    assertTrue(options("mongodb.upsert=true").upsert());
  }

  @Test
  void warmupIsANonNegativeCountDefaultingToNone() {
    assertEquals(0, options().warmup());
    assertEquals(0, options("mongodb.warmup=0").warmup());
    assertEquals(200, options("mongodb.warmup=200").warmup());
    assertTrue(options("mongodb.warmup=200").describe().contains("warmup=200"));
    assertFalse(options().describe().contains("warmup"));
    assertTrue(rejection("mongodb.warmup=-1").contains("mongodb.warmup=-1"));
    assertTrue(rejection("mongodb.warmup=lots").contains("0 or more"));
    assertTrue(rejection("mongodb.warmUp=5").contains("did you mean mongodb.warmup"));
  }

  @Test
  void poolFollowsThreadCountUnlessGiven() {
    assertTrue(options("threadcount=32").describe().contains("maxPoolSize=32"));
    assertTrue(options("threadcount=32", "mongodb.maxPoolSize=8").describe().contains("maxPoolSize=8"));
    assertTrue(options("threadcount=32", "mongodb.url=mongodb://h/db?maxPoolSize=5").describe()
        .contains("maxPoolSize=5"));
  }

  @Test
  void compressorsAndRetriesAreChecked() {
    assertTrue(options("mongodb.compressors=zlib").describe().contains("compressors=zlib"));
    assertTrue(rejection("mongodb.compressors=lz4").contains("zlib, snappy, zstd"));
    assertTrue(rejection("mongodb.compressors=zstd").contains("zstd-jni"));
    assertTrue(rejection("mongodb.retryWrites=maybe").contains("true or false"));
    assertEquals("invalid mongodb.fastPath=maybe: use true or false", rejection("mongodb.fastPath=maybe"));
  }

  @Test
  void unknownMongodbPropertiesAreRejectedWithASuggestion() {
    String m = rejection("mongodb.batchSize=10");
    assertTrue(m.contains("mongodb.batchSize") && m.contains("did you mean mongodb.batchsize"), m);
  }

  @Test
  void aBadUrlIsRejectedWithoutShowingItsPassword() {
    String m = rejection("mongodb.url=mongodb://alice:hunter2@host:notaport/db");
    assertTrue(m.contains("mongodb.url"), m);
    assertFalse(m.contains("hunter2"), m);
  }

  @Test
  void passwordsNeverAppearInTheDescription() {
    BindingOptions o = options("mongodb.url=mongodb://alice:hunter2@h1,h2/db?authSource=admin");
    assertFalse(o.describe().contains("hunter2"), o.describe());
    assertTrue(o.describe().contains("alice:" + Redactor.MASK + "@"), o.describe());
    // an unescaped '@' in a password is invalid, but its tail must not show in the error about it
    String m = rejection("mongodb.url=mongodb://alice:hun@ter2@host/db");
    assertFalse(m.contains("ter2") || m.contains("hun"), m);
  }

  static List<String> awkwardPasswords() {
    return AwkwardStrings.passwords(91, 150);
  }

  /** Valid or not, raw or percent-encoded, in the URL or in an option: the banner and the refusal never show it. */
  @ParameterizedTest
  @MethodSource("awkwardPasswords")
  void awkwardPasswordsNeverAppear(String password) {
    String encoded = URLEncoder.encode(password, StandardCharsets.UTF_8);
    for (String url : List.of("mongodb://alice:" + password + "@h1/db", "mongodb://alice:" + encoded + "@h1/db",
        "mongdb://alice:" + password + "@h1/db", "mongodb://alice:" + encoded + "@h1/db?maxPoolSize=-1",
        "mongodb://h1/db?authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:" + encoded)) {
      Properties p = new Properties();
      p.setProperty("mongodb.url", url);
      String shown;
      try {
        shown = BindingOptions.from(p).describe();
      } catch (OptionException e) {
        shown = e.getMessage();
      }
      assertFalse(shown.contains(password), shown);
      for (String line : password.split("[\r\n]+")) {
        assertTrue(line.length() < 3 || !shown.contains(line), shown);
      }
      if (!encoded.equals(password)) {
        assertFalse(shown.contains(encoded), shown);
      }
    }
  }
}
