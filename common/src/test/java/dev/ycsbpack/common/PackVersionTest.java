package dev.ycsbpack.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class PackVersionTest {
  @Test
  void theBuildStampsTheVersionAndTheBuildIdentifier() {
    PackVersion v = PackVersion.current();
    assertTrue(v.version().matches("\\d+\\.\\d+\\.\\d+.*"), v::toString);
    // a commit from scripts/build-id.sh, or "unknown" for a build made without the scripts
    assertTrue(v.build().matches("[0-9a-f]{12}(-modified)?|unknown"), v::toString);
    assertEquals(v.version() + " (build " + v.build() + ")", v.shown());
  }

  @Test
  void anUnstampedOrBlankValueIsSaidNotGuessed() {
    Properties unfiltered = new Properties();
    unfiltered.setProperty("version", "${project.version}");
    unfiltered.setProperty("build", "  ");
    assertEquals(new PackVersion("development build", "unknown"), PackVersion.of(unfiltered));
    assertEquals(new PackVersion("development build", "unknown"), PackVersion.of(new Properties()));
    Properties stamped = new Properties();
    stamped.setProperty("version", "1.2.3");
    stamped.setProperty("build", "0123456789ab-modified");
    assertEquals("1.2.3 (build 0123456789ab-modified)", PackVersion.of(stamped).shown());
  }
}
