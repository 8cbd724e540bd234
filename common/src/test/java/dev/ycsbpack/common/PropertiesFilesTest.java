package dev.ycsbpack.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one charset rule: written as ASCII with escapes, read as YCSB reads a -P file. */
class PropertiesFilesTest {
  @TempDir
  Path tmp;

  @Test
  void hostileKeysAndValuesRoundTripThroughAnAsciiFileThatYcsbReadsTheSame() throws IOException {
    List<String> awkward = AwkwardStrings.passwords(17, 60);
    Map<String, String> values = new TreeMap<>();
    for (int i = 0; i < awkward.size(); i++) {
      values.put("k" + i + awkward.get(i), awkward.get(i));
    }
    values.put("mongodb.url", "mongodb://u:pässwörd@h:27017/db");
    values.put("label", "日本語 label ü");
    Path file = tmp.resolve("client.properties");
    PropertiesFiles.write(file, "client 01-höst\nsecond line", values, AtomicFiles.Mode.SHARED);

    byte[] bytes = Files.readAllBytes(file);
    for (int i = 0; i < bytes.length; i++) {
      int b = bytes[i] & 0xff;
      assertTrue(b == '\n' || (b >= 0x20 && b < 0x7f), "byte " + i + " is 0x" + Integer.toHexString(b)
          + ": the file must be plain ASCII so every reader decodes it alike");
    }
    assertEquals(values, PropertiesFiles.read(file));
    assertEquals(values, ycsbReads(file), "YCSB's own reading of the file (a -P file) gives the same values");
  }

  @Test
  void anIso88591FileIsReadAsYcsbReadsIt() throws IOException {
    Path file = tmp.resolve("workload");
    Files.write(file, "label=caf\u00e9\nfieldnameprefix=f\\u00fc\n".getBytes(StandardCharsets.ISO_8859_1));
    Map<String, String> read = PropertiesFiles.read(file);
    assertEquals("caf\u00e9", read.get("label"));
    assertEquals("f\u00fc", read.get("fieldnameprefix"));
    assertEquals(ycsbReads(file), read);
  }

  @Test
  void aUtf8FileIsReadByteForByteAsYcsbDoes() throws IOException {
    // YCSB reads 'ä' written as UTF-8 as two ISO-8859-1 characters; the pack must read exactly what YCSB reads
    Path file = tmp.resolve("workload");
    Files.writeString(file, "label=\u00e4\n", StandardCharsets.UTF_8);
    assertEquals("\u00c3\u00a4", PropertiesFiles.read(file).get("label"));
    assertEquals(ycsbReads(file), PropertiesFiles.read(file));
  }

  @Test
  void aMalformedEscapeIsAnIoErrorNamingIt() throws IOException {
    Path file = tmp.resolve("bad");
    Files.writeString(file, "a=\\uZZZZ\n");
    IOException e = assertThrows(IOException.class, () -> PropertiesFiles.read(file));
    assertTrue(e.getMessage().startsWith("malformed properties: "), e.getMessage());
  }

  private static Map<String, String> ycsbReads(Path file) throws IOException {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in); // site.ycsb.Client's -P handling
    }
    return PropertiesFiles.toMap(p);
  }
}
