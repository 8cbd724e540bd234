package dev.ycsbpack.coordinator.hosts;

import java.util.ArrayList;
import java.util.List;

/**
 * A user's remote-shell command ({@code --rsh}), parsed once into words, as rsync's {@code -e} and pdsh's rcmd modules
 * take one: {@code kubectl exec -i {host} --}, {@code docker exec -i {host}}, {@code srun --nodelist={host}
 * --ntasks=1}, {@code ip netns exec {host}}.
 *
 * <p>No shell ever reads the template: it is split here into an argv (words separated by blanks; {@code '...'} and
 * {@code "..."} group, a backslash outside single quotes takes the next character as it is), and started directly. A
 * {@code sh -c} of the user's string would make every host name and every quote of the template code, and would differ
 * between the coordinator's shell and the user's. {@code {host}} is replaced inside the words that hold it (the host
 * names are checked, see {@code Host.Rsh}), so a host is always one word, never an option or shell syntax.
 *
 * <p>The coordinator's script reaches the host in one of two ways, chosen by the template: by default as three more
 * words, {@code sh -c SCRIPT}, for the tools that run an argv on the host ({@code kubectl exec}, {@code docker exec},
 * {@code srun}, {@code ip netns exec}); or, when a word holds {@code {cmd}}, as the one quoted string {@code sh -c
 * 'SCRIPT'} in its place, for the tools that hand a string to a shell on the host ({@code ssh -p 2222 {host} {cmd}},
 * {@code gcloud compute ssh {host} --command={cmd}}). Only then does a shell read a command line, and that line is the
 * coordinator's own, quoted.
 *
 * @param words the template's words, {@code {host}} (and maybe {@code {cmd}}) still in them
 */
public record RshTemplate(List<String> words) {
  public static final String HOST = "{host}";
  public static final String CMD = "{cmd}";
  /** What starts a placeholder: a word of the template holding it and a closing brace names one. */
  private static final String OPEN = "{";

  public RshTemplate {
    words = List.copyOf(words);
  }

  /**
   * Parses a template as given to {@code --rsh}.
   *
   * @throws IllegalArgumentException saying what is wrong and what is accepted
   */
  public static RshTemplate parse(String template) {
    List<String> words = split(template);
    if (words.isEmpty()) {
      throw new IllegalArgumentException("expected a command with {host}, e.g. 'kubectl exec -i {host} --'");
    }
    if (words.get(0).contains(OPEN)) {
      throw new IllegalArgumentException("the first word must be the program to run, e.g. 'kubectl exec -i {host} --'");
    }
    checkPlaceholders(words);
    return new RshTemplate(words);
  }

  /** Every placeholder known, {@link #HOST} there, {@link #CMD} at most once. */
  private static void checkPlaceholders(List<String> words) {
    int hosts = 0;
    int cmds = 0;
    for (String w : words) {
      hosts += w.contains(HOST) ? 1 : 0;
      cmds += w.contains(CMD) ? 1 : 0;
      String rest = w.replace(HOST, "").replace(CMD, "");
      if (rest.contains(OPEN) && rest.contains("}")) {
        throw new IllegalArgumentException("unknown placeholder in " + w + ": only {host} and {cmd} are replaced");
      }
    }
    if (hosts == 0) {
      throw new IllegalArgumentException(
          "no {host} in it: write where the host name goes, e.g. 'docker exec -i {host}'");
    }
    if (cmds > 1) {
      throw new IllegalArgumentException("{cmd} more than once: it stands for the whole command run on the host");
    }
  }

  /** The program the template runs, for messages. */
  public String program() {
    String p = words.get(0);
    return p.substring(p.lastIndexOf('/') + 1);
  }

  /** The argv that runs {@code script} on {@code host}. */
  public List<String> command(String host, String script) {
    List<String> argv = new ArrayList<>();
    boolean placed = false;
    for (String w : words) {
      String word = w.replace(HOST, host);
      if (word.contains(CMD)) {
        word = word.replace(CMD, "sh -c " + Shell.quote(script));
        placed = true;
      }
      argv.add(word);
    }
    if (!placed) {
      argv.addAll(List.of("sh", "-c", script));
    }
    return argv;
  }

  private static List<String> split(String s) {
    List<String> words = new ArrayList<>();
    StringBuilder word = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == ' ' || c == '\t' || c == '\n') {
        if (word != null) {
          words.add(word.toString());
          word = null;
        }
        continue;
      }
      if (c < 0x20 || c == 0x7f) {
        throw new IllegalArgumentException("a control character in it: write the command on one line");
      }
      word = word == null ? new StringBuilder() : word;
      if (c == '\'') {
        int end = s.indexOf('\'', i + 1);
        if (end < 0) {
          throw new IllegalArgumentException("a ' without its closing '");
        }
        word.append(s, i + 1, end);
        i = end;
      } else if (c == '"') {
        int j = i + 1;
        for (; j < s.length() && s.charAt(j) != '"'; j++) {
          if (s.charAt(j) == '\\' && j + 1 < s.length() && (s.charAt(j + 1) == '"' || s.charAt(j + 1) == '\\')) {
            j++;
          }
          word.append(s.charAt(j));
        }
        if (j >= s.length()) {
          throw new IllegalArgumentException("a \" without its closing \"");
        }
        i = j;
      } else if (c == '\\') {
        if (i + 1 >= s.length()) {
          throw new IllegalArgumentException("a \\ at its end, escaping nothing");
        }
        word.append(s.charAt(++i));
      } else {
        word.append(c);
      }
    }
    if (word != null) {
      words.add(word.toString());
    }
    return words;
  }
}
