package dev.ycsbpack.launcher;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class HelpTest {
  @Test
  void helpIsRecognisedFirstOrAsAFlagButNotAsAValue() {
    assertTrue(Help.isRequest(new String[] {"--help"}));
    assertTrue(Help.isRequest(new String[] {"-h"}));
    assertTrue(Help.isRequest(new String[] {"help"}));
    assertTrue(Help.isRequest(new String[] {"run", "mongodb", "--help"}));
    assertFalse(Help.isRequest(new String[] {"run", "mongodb", "-l", "-h"}));
    assertFalse(Help.isRequest(new String[] {"run", "mongodb", "-p", "--help"}));
    assertFalse(Help.isRequest(new String[0]));
  }

  @Test
  void everyBindingOptionOfTheReadmeTableIsInTheHelp() throws IOException {
    String readme = Files.readString(CorePropertiesTest.REPO.resolve("README.md"));
    Matcher m = Pattern.compile("(?m)^\\| `(mongodb\\.[A-Za-z]+|ycsbpack\\.[a-z]+)`").matcher(readme);
    int n = 0;
    while (m.find()) {
      n++;
      assertTrue(Help.TEXT.contains("  " + m.group(1) + " "), "help lacks " + m.group(1));
    }
    assertTrue(n >= 15, "README table not found: " + n);
    for (String needed : new String[] {"hdrhistogram.fileoutput=true", "hdrhistogram.output.path=",
        "bin/ycsb-aggregate", "bin/ycsb-coordinator", "mongodb.w=majority"}) {
      assertTrue(Help.TEXT.contains(needed), needed);
    }
  }
}
