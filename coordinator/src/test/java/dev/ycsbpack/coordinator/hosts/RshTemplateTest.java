package dev.ycsbpack.coordinator.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class RshTemplateTest {
  private static final String SCRIPT = "cd '/x' && echo \"$HOME\"";

  @Test
  void theTemplateIsSplitOnceIntoWordsAndTheScriptFollowsAsShDashC() {
    assertEquals(List.of("kubectl", "exec", "-i", "pod/ycsb-0", "--", "sh", "-c", SCRIPT),
        RshTemplate.parse("kubectl exec -i {host} --").command("pod/ycsb-0", SCRIPT));
    assertEquals(List.of("srun", "--nodelist=n7", "--ntasks=1", "sh", "-c", SCRIPT),
        RshTemplate.parse("  srun\t--nodelist={host}   --ntasks=1 ").command("n7", SCRIPT));
  }

  @Test
  void quotesGroupAndNothingIsShellCode() {
    RshTemplate t = RshTemplate.parse("kubectl exec -i {host} -c 'my container' --context \"a \\\"b\\\"\" x\\ y --");
    assertEquals(List.of("kubectl", "exec", "-i", "h", "-c", "my container", "--context", "a \"b\"", "x y", "--",
        "sh", "-c", "true"), t.command("h", "true"));
    // $(...), ;, | in a template are characters of a word: no shell ever reads the template
    assertEquals(List.of("echo", "$(id);|", "h", "sh", "-c", "true"),
        RshTemplate.parse("echo $(id);| {host}").command("h", "true"));
  }

  @Test
  void cmdPlacesTheScriptAsOneQuotedStringForToolsThatHandAStringToAShell() {
    assertEquals(List.of("ssh", "-p", "2222", "h1", "sh -c 'it'\\''s'"),
        RshTemplate.parse("ssh -p 2222 {host} {cmd}").command("h1", "it's"));
    assertEquals(List.of("gcloud", "compute", "ssh", "h1", "--command=sh -c 'true'"),
        RshTemplate.parse("gcloud compute ssh {host} --command={cmd}").command("h1", "true"));
  }

  @Test
  void aTemplateThatCannotWorkIsRefusedSayingWhy() {
    assertEquals("no {host} in it: write where the host name goes, e.g. 'docker exec -i {host}'",
        refusal("docker exec -i c1"));
    assertEquals("expected a command with {host}, e.g. 'kubectl exec -i {host} --'", refusal("   "));
    assertEquals("a ' without its closing '", refusal("kubectl exec -i '{host} --"));
    assertEquals("a \" without its closing \"", refusal("kubectl exec -i \"{host} --"));
    assertEquals("a \\ at its end, escaping nothing", refusal("ip netns exec {host} \\"));
    assertEquals("the first word must be the program to run, e.g. 'kubectl exec -i {host} --'", refusal("{host} sh"));
    assertEquals("unknown placeholder in {user}@{host}: only {host} and {cmd} are replaced",
        refusal("ssh {user}@{host}"));
    assertEquals("{cmd} more than once: it stands for the whole command run on the host",
        refusal("x {host} {cmd} {cmd}"));
    assertEquals("a control character in it: write the command on one line", refusal("x {host}\u0007"));
  }

  private static String refusal(String template) {
    return assertThrows(IllegalArgumentException.class, () -> RshTemplate.parse(template)).getMessage();
  }
}
