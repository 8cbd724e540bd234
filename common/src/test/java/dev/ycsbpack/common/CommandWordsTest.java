package dev.ycsbpack.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CommandWordsTest {
  @Test
  void theWordAfterASecretOptionInsideAnRshTemplateIsMasked() {
    List<String> argv = List.of("run", "mongodb", "--rsh", "kubectl --token Zq9tok exec -i {host} --", "--hosts",
        "pod1");
    String shown = String.join(" ", CommandWords.masked(argv));
    assertEquals("run mongodb --rsh kubectl --token ***** exec -i {host} -- --hosts pod1", shown);
  }

  @Test
  void sshpassPasswordIsMaskedInBothForms() {
    assertEquals("sshpass -p ***** ssh {host} {cmd}", CommandWords.masked("sshpass -p Zq9pass ssh {host} {cmd}"));
    assertEquals("/usr/bin/sshpass -p***** ssh -p 2222 {host} {cmd}",
        CommandWords.masked("/usr/bin/sshpass -pZq9pass ssh -p 2222 {host} {cmd}"));
    // sshpass's -f FILE is no secret, and ssh's -p after sshpass's options is a port
    assertEquals("sshpass -f pw.txt ssh -p 2222 {host}", CommandWords.masked("sshpass -f pw.txt ssh -p 2222 {host}"));
  }

  @Test
  void quotedSecretsAndOtherSecretOptionsAreMaskedWhole() {
    assertEquals("kubectl --token ***** exec {host}", CommandWords.masked("kubectl --token 'Zq9 a b' exec {host}"));
    assertEquals("x --client-secret ***** --password=***** --passwd ***** {host}",
        CommandWords.masked("x --client-secret Zq9cs --password=Zq9pw --passwd Zq9pd {host}"));
    // separate arguments: the coordinator's own -p is a property, never a secret word by itself
    assertEquals(List.of("-p", "recordcount=10", "--api-token", "*****"),
        CommandWords.masked(List.of("-p", "recordcount=10", "--api-token", "Zq9tok")));
  }

  @Test
  void theRedactorOfTheArgumentsKnowsPropertiesAndSecretWords() {
    List<String> argv = List.of("lod", "mongodb", "-p", "mongodb.url=mongodb://alice:Zq9simple@db1:27017/ycsb",
        "-pmongodb.tls.keyStorePassword=Zq9KS", "--rsh", "sshpass -p Zq9pass ssh {host} {cmd}");
    Redactor r = CommandWords.redactor(argv);
    String all = r.redact(String.join("' '", argv) + " Zq9simple Zq9KS Zq9pass");
    for (String secret : List.of("Zq9simple", "Zq9KS", "Zq9pass")) {
      assertFalse(all.contains(secret), all);
    }
    assertTrue(all.contains("lod"), all);
  }

  @Test
  void theSecretWordsForARunsRedactorLeaveOutShortOnes() {
    assertEquals(List.of("Zq9tok", "Zq9pass"), CommandWords.secrets(List.of("run", "--rsh",
        "sshpass -p 123 kubectl --token Zq9tok exec {host}", "--api-key", "Zq9pass", "-p", "threads=1")));
  }
}
