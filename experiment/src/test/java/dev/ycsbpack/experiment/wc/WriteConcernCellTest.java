package dev.ycsbpack.experiment.wc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.WriteConcern;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class WriteConcernCellTest {
  @Test
  void theDefaultListIsTheClassicSixCellsAsTheBindingsProperties() {
    List<WriteConcernCell> cells = WriteConcernCell.parseList("--write-concerns", WriteConcernCell.DEFAULT);
    assertEquals(List.of("w=0", "w=1", "j=true", "w=2", "w=3", "w=majority"),
        cells.stream().map(WriteConcernCell::label).toList());
    assertEquals(Map.of("mongodb.w", "0"), cells.get(0).properties());
    assertFalse(cells.get(0).acknowledged());
    assertEquals(Map.of("mongodb.j", "true"), cells.get(2).properties());
    assertEquals(Map.of("mongodb.w", "majority"), cells.get(5).properties());
    assertEquals(WriteConcern.W2, cells.get(3).writeConcern());
  }

  @Test
  void joinedSettingsBecomeOneCellWithEachProperty() {
    List<WriteConcernCell> cells = WriteConcernCell.parseList("--write-concerns",
        " w=majority+j=true , w=tag:multiDC + wtimeout=5000,j=false");
    assertEquals(Map.of("mongodb.j", "false"), cells.get(2).properties());
    WriteConcernCell a = cells.get(0);
    assertEquals("w=majority+j=true", a.label());
    assertEquals(Map.of("mongodb.w", "majority", "mongodb.j", "true"), a.properties());
    assertEquals(WriteConcern.MAJORITY.withJournal(true), a.writeConcern());
    WriteConcernCell b = cells.get(1);
    assertEquals("w=tag:multiDC+wtimeout=5000", b.label());
    assertEquals(Map.of("mongodb.w", "tag:multiDC", "mongodb.wtimeout", "5000"), b.properties());
    // the tag goes to the server as the mode's name, as the binding sends it
    assertEquals(new WriteConcern("multiDC").withWTimeout(5000, TimeUnit.MILLISECONDS), b.writeConcern());
    assertEquals("w-tag-multiDC+wtimeout-5000", b.folderName());
    assertThrows(IllegalArgumentException.class, () -> WriteConcernCell.parseList("x", "J=false"),
        "keys are lower case");
  }

  @Test
  void refusesWhatTheDriverCannotExpressInOneLineNamingTheOptionAndValue() {
    for (String bad : List.of("", " ", "w=1,,w=2", "w=0+j=true", "j=true+w=0", "w=0+wtimeout=10", "w=-1", "w=two",
        "w=tag:", "j=yes", "wtimeout=5s", "fsync=true", "w=1+w=2", "w=1,w=1", "w", "w=", "w=1;j=true",
        "w=99999999999")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> WriteConcernCell.parseList("--write-concerns", bad), bad);
      assertTrue(e.getMessage().startsWith("--write-concerns "), e.getMessage());
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> WriteConcernCell.parseList("--write-concerns", "w=1,w=0+j=true"));
    assertTrue(e.getMessage().contains("w=0 cannot be combined with j=true"), e.getMessage());
  }

  @Test
  void aDriverConstantIsACellLabelledByItsNameSendingWhatItMeans() {
    List<WriteConcernCell> cells = WriteConcernCell.parseList("--write-concerns",
        "SAFE,ACKNOWLEDGED,JOURNAL_SAFE,FSYNCED,REPLICAS_SAFE,MAJORITY,NORMAL,ERRORS_IGNORED,W3");
    assertEquals(List.of("SAFE", "ACKNOWLEDGED", "JOURNAL_SAFE", "FSYNCED", "REPLICAS_SAFE", "MAJORITY", "NORMAL",
        "ERRORS_IGNORED", "W3"), cells.stream().map(WriteConcernCell::label).toList());
    assertEquals(Map.of("mongodb.w", "1"), cells.get(0).properties());
    assertEquals(cells.get(0).properties(), cells.get(1).properties(), "an alias sends the same");
    assertEquals(Map.of("mongodb.w", "1", "mongodb.j", "true"), cells.get(2).properties());
    assertEquals(Map.of("mongodb.w", "1", "mongodb.j", "true"), cells.get(3).properties(), "fsync: j on a journal");
    assertEquals(WriteConcern.W2, cells.get(4).writeConcern());
    assertEquals(WriteConcern.MAJORITY, cells.get(5).writeConcern());
    assertFalse(cells.get(6).acknowledged());
    assertFalse(cells.get(7).acknowledged(), "w=-1 is sent as w=0");
    assertEquals(WriteConcern.W3, cells.get(8).writeConcern());
    assertTrue(DriverConstant.SAFE.means().contains("deprecated alias of ACKNOWLEDGED"));
    assertTrue(DriverConstant.NONE.means().contains("deprecated alias of ERRORS_IGNORED"));
    assertFalse(DriverConstant.ACKNOWLEDGED.means().contains("deprecated"));
    // the driver's names, exactly: a lower-case name is no constant, and no write-concern setting either
    assertThrows(IllegalArgumentException.class, () -> WriteConcernCell.parseList("--write-concerns", "safe"));
  }
}
