package dev.ycsbpack.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbpack.aggregate.input.Redaction;
import org.junit.jupiter.api.Test;

class RedactionTest {
  @Test
  void userInfoIsHiddenUpToTheLastAtSign() {
    assertEquals("mongodb://***@host1:27017/ycsb?w=majority",
        Redaction.redactValue("mongodb://ycsb:s3cr3t@host1:27017/ycsb?w=majority"));
    // an unescaped '@' in a password: nothing of it may remain
    assertEquals("mongodb://***@host1/ycsb", Redaction.redactValue("mongodb://ycsb:s3cr@t4il@host1/ycsb"));
    assertEquals("mongodb://***@a/x and mongodb://***@b/y",
        Redaction.redactValue("mongodb://u:p@a/x and mongodb://v:q@b/y"));
    assertEquals("mongodb://host1/ycsb", Redaction.redactValue("mongodb://host1/ycsb"));
  }
}
