package dev.ycsbpack.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The {@code Usage:} line of every command's help, wrapped only between its elements ({@code [--clients=N,N,...]},
 * {@code [--slo=OP.pNN<=LIMIT]...}). picocli breaks a long line at punctuation too, so an 80-column help printed
 * {@code [--clients=N,} on one line and {@code N,...]} on the next.
 */
public final class SynopsisLayout {
  private SynopsisLayout() {
  }

  /** Lays out the synopsis of {@code cl} and of every command under it this way. */
  public static void install(CommandLine cl) {
    cl.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_SYNOPSIS, SynopsisLayout::render);
    cl.getSubcommands().values().stream().distinct().forEach(SynopsisLayout::install);
  }

  private static String render(CommandLine.Help help) {
    UsageMessageSpec usage = help.commandSpec().usageMessage();
    int width = usage.width();
    int heading = help.synopsisHeadingLength();
    String oneLine;
    usage.width(100_000); // picocli's own synopsis, on one line
    try {
      oneLine = help.synopsis(heading).strip();
    } finally {
      usage.width(width);
    }
    if (usage.customSynopsis().length > 0 || oneLine.contains("\n")) {
      return help.synopsis(heading); // a synopsis written by hand keeps its own lines
    }
    String name = help.commandSpec().qualifiedName();
    int indent = heading + name.length() + 1;
    StringBuilder out = new StringBuilder(name);
    int column = heading + name.length();
    for (String element : elements(oneLine.substring(Math.min(oneLine.length(), name.length())).strip())) {
      if (column + 1 + element.length() > width && column > indent) {
        out.append('\n').append(" ".repeat(indent)).append(element);
        column = indent + element.length();
      } else {
        out.append(' ').append(element);
        column += 1 + element.length();
      }
    }
    return out.append('\n').toString();
  }

  /** The synopsis' elements: split at the spaces outside brackets. */
  static List<String> elements(String synopsis) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    StringBuilder current = new StringBuilder();
    for (char ch : synopsis.toCharArray()) {
      if (ch == '[' || ch == '(') {
        depth++;
      } else if (ch == ']' || ch == ')') {
        depth = Math.max(0, depth - 1);
      }
      if (ch == ' ' && depth == 0) {
        if (current.length() > 0) {
          out.add(current.toString());
          current.setLength(0);
        }
      } else {
        current.append(ch);
      }
    }
    if (current.length() > 0) {
      out.add(current.toString());
    }
    return out;
  }
}
