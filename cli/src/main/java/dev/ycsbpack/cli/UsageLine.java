package dev.ycsbpack.cli;

import dev.ycsbpack.common.CommandWords;
import dev.ycsbpack.common.ExitCodes;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.Text;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The one line a tool of the pack ({@code ycsb-aggregate}, {@code ycsb-coordinator}, {@code ycsb-experiment}) prints
 * for a command line picocli cannot parse: {@code TOOL: error: } then what was wrong, naming the option or word, the
 * value and what is accepted; exit status 2, no usage text after it.
 *
 * <p>picocli's own messages quote the arguments: an unknown sub-command quotes every argument after it, passwords
 * included ({@code Unmatched arguments from index 0: 'lod', 'mongodb', '-p', 'mongodb.url=mongodb://alice:...}).
 * Only the unknown word is named here, and every line passes through the redactor of the arguments
 * ({@link CommandWords#redactor}: every {@code -p} value's secrets, the word after a secret option, and the shapes).
 */
public final class UsageLine {
  private UsageLine() {
  }

  /** Sets {@code cl}'s parameter-exception handler: one line on its error writer, exit status 2. */
  public static void install(CommandLine cl, String tool) {
    cl.setParameterExceptionHandler((ex, args) -> {
      cl.getErr().println(tool + ": error: " + of(ex, tool, args == null ? List.of() : Arrays.asList(args)));
      cl.getErr().flush();
      return ExitCodes.USAGE;
    });
  }

  /** The line (without the {@code TOOL: error: } prefix) for a parse failure of {@code args}, secrets masked. */
  public static String of(CommandLine.ParameterException ex, String tool, List<String> args) {
    Redactor redactor = CommandWords.redactor(args);
    CommandLine c = ex.getCommandLine();
    String help = "see bin/" + tool + (c == null || c.getParent() == null ? "" : " " + c.getCommandName())
        + " --help";
    if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
      String first = u.getUnmatched().get(0);
      if (!first.startsWith("-") && c != null && !commands(c).isEmpty()) {
        return "unknown command " + quoted(first, redactor) + "; use " + either(commands(c));
      }
      if (first.startsWith("-") && first.length() > 1) {
        int eq = first.indexOf('=');
        String name = eq < 0 ? first : first.substring(0, eq);
        List<String> near = u.getSuggestions();
        return "unknown option " + quoted(name, redactor)
            + (near.isEmpty() ? "" : " (did you mean " + either(near.subList(0, Math.min(3, near.size()))) + "?)")
            + "; " + help;
      }
      return "unexpected argument " + quoted(first, redactor) + "; " + help;
    }
    if (ex instanceof CommandLine.MissingParameterException m && !m.getMissing().isEmpty()) {
      ArgSpec a = m.getMissing().get(0);
      if (ex.getMessage() != null && ex.getMessage().startsWith("Missing required parameter for option")) {
        return name(a) + ": expected " + a.paramLabel() + " after it; " + help;
      }
      return name(a) + (a.isOption() ? " " + a.paramLabel() : "") + ": required; " + help;
    }
    ArgSpec a = ex.getArgSpec();
    String value = ex.getValue();
    String message = String.valueOf(ex.getMessage());
    if (a != null && value != null && message.startsWith("Invalid value")) {
      return name(a) + " " + Text.shown(redactor.redact(value)) + ": expected " + accepted(a);
    }
    return Text.shown(redactor.redact(message.lines().findFirst().orElse("")), 300);
  }

  private static List<String> commands(CommandLine c) {
    List<String> names = new ArrayList<>(c.getSubcommands().keySet());
    names.remove("help");
    return names;
  }

  /** {@code a, b or c}. */
  static String either(List<String> words) {
    if (words.size() == 1) {
      return words.get(0);
    }
    return String.join(", ", words.subList(0, words.size() - 1)) + " or " + words.get(words.size() - 1);
  }

  private static String quoted(String word, Redactor redactor) {
    return "'" + Text.shown(redactor.redact(word)) + "'";
  }

  private static String name(ArgSpec a) {
    if (a instanceof OptionSpec o) {
      return o.longestName();
    }
    return ((PositionalParamSpec) a).paramLabel();
  }

  /** What the option takes, from its type: the words a user reads, not Java's. */
  private static String accepted(ArgSpec a) {
    Class<?> t = a.auxiliaryTypes().length > 0 && (a.isMultiValue()) ? a.auxiliaryTypes()[0] : a.type();
    String unit = a.paramLabel() == null || a.paramLabel().startsWith("<") ? "" : " (" + a.paramLabel() + ")";
    if (t == int.class || t == Integer.class || t == long.class || t == Long.class || t == short.class
        || t == Short.class) {
      return "a whole number" + unit;
    }
    if (t == double.class || t == Double.class || t == float.class || t == Float.class) {
      return "a number" + unit;
    }
    if (t == boolean.class || t == Boolean.class) {
      return "true or false";
    }
    if (t.isEnum()) {
      List<String> names = new ArrayList<>();
      for (Object e : t.getEnumConstants()) {
        names.add(e.toString().toLowerCase(java.util.Locale.ROOT));
      }
      return either(names);
    }
    if (t == Path.class) {
      return "a path";
    }
    return a.paramLabel();
  }
}
