package dev.ycsbpack.common;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A tool's command line as it may be shown or recorded (a manifest's {@code command}, a usage error), and the
 * redactor that knows the secrets given on it.
 *
 * <p>{@link Redactor} masks a secret by meaning (the values of {@code -p} properties) and by shape ({@code name=value},
 * a URL's user info), but a secret given as the word after an option, {@code --token Zq9tok} or {@code sshpass -p
 * Zq9pass}, has neither: it is found here, word by word, in the arguments and inside an argument that is itself a
 * command ({@code --rsh 'kubectl --token Zq9tok exec -i {host} --'}). The word after an option whose name says
 * secret ({@link SecretNames#isSecret}: {@code --token}, {@code --password}, {@code --client-secret} ...) is masked,
 * and so is sshpass's {@code -p} password ({@code -p PASS} and {@code -pPASS}). Masking a little too much (the path
 * after {@code --password-file}) is the safe way to be wrong.
 */
public final class CommandWords {
  private CommandWords() {
  }

  /** The arguments with every secret word masked (see the class comment); shape and meaning are the redactor's. */
  public static List<String> masked(List<String> argv) {
    Scan scan = new Scan();
    List<String> out = new ArrayList<>(argv.size());
    for (String a : argv) {
      out.add(scan.text(a));
    }
    return out;
  }

  /** One command as text (an {@code --rsh} template): the word after a secret option or sshpass's -p masked. */
  public static String masked(String command) {
    return new Scan().text(command);
  }

  /**
   * The secret words of these arguments ({@link #masked} masks them), for a run's redactor to remove wherever they
   * appear (a remote-shell program's error quoting its own arguments). Words under four characters are left out:
   * removed from every text, they would blank ordinary numbers and words, and they are masked in the command anyway.
   */
  public static List<String> secrets(List<String> argv) {
    Scan scan = new Scan();
    for (String a : argv) {
      scan.text(a);
    }
    return scan.secrets.stream().filter(w -> w.length() >= 4).toList();
  }

  /**
   * The redactor for anything that may quote these arguments (a usage error): it knows the secrets of every
   * {@code -p NAME=VALUE} (and {@code -pNAME=VALUE}) as {@link Redactor#of(Map)} does, every word {@link #masked}
   * would mask, and masks by shape.
   */
  public static Redactor redactor(List<String> argv) {
    Map<String, String> properties = new LinkedHashMap<>();
    for (int i = 0; i < argv.size(); i++) {
      String a = argv.get(i);
      String property = null;
      if (a.equals("-p") && i + 1 < argv.size()) {
        property = argv.get(++i);
      } else if (a.startsWith("-p") && a.length() > 2 && a.indexOf('=') > 2) {
        property = a.substring(2);
      }
      if (property != null) {
        int eq = property.indexOf('=');
        if (eq > 0) {
          properties.put(property.substring(0, eq), property.substring(eq + 1));
        } else {
          properties.put(property, "");
        }
      }
    }
    Scan scan = new Scan();
    for (String a : argv) {
      scan.text(a);
    }
    return Redactor.of(properties).withSecrets(scan.secrets);
  }

  /** Reads words one after another, across arguments, remembering what the last word asked for. */
  private static final class Scan {
    private final List<String> secrets = new ArrayList<>();
    /** The next word is a secret. */
    private boolean secretNext;
    /** Inside sshpass's options: its -p takes the password. */
    private boolean sshpass;
    /** The next word is the value of one of sshpass's other options (-f FILE, -d FD). */
    private boolean sshpassValueNext;

    String text(String s) {
      StringBuilder out = new StringBuilder(s.length());
      int i = 0;
      int words = 0;
      while (i < s.length()) {
        char c = s.charAt(i);
        if (Character.isWhitespace(c)) {
          out.append(c);
          i++;
          continue;
        }
        int end = wordEnd(s, i);
        words++;
        out.append(word(s.substring(i, end)));
        i = end;
      }
      if (words > 1) {
        sshpass = false; // a command given as one argument: its sshpass options end with it
        sshpassValueNext = false;
      }
      return out.toString();
    }

    private static int wordEnd(String s, int i) {
      int j = i;
      while (j < s.length() && !Character.isWhitespace(s.charAt(j))) {
        char c = s.charAt(j);
        if (c == '\'' || c == '"') {
          int close = s.indexOf(c, j + 1);
          j = close < 0 ? s.length() : close + 1;
        } else {
          j += c == '\\' && j + 1 < s.length() ? 2 : 1;
        }
      }
      return j;
    }

    private String word(String w) {
      if (secretNext) {
        secretNext = false;
        secrets.add(unquoted(w));
        return Redactor.MASK;
      }
      if (sshpass) {
        if (sshpassValueNext) {
          sshpassValueNext = false;
          return w;
        }
        if (w.equals("-p")) {
          secretNext = true;
          return w;
        }
        if (w.startsWith("-p")) {
          secrets.add(unquoted(w.substring(2)));
          return "-p" + Redactor.MASK;
        }
        if (w.equals("-f") || w.equals("-d")) {
          sshpassValueNext = true;
          return w;
        }
        if (!w.startsWith("-")) {
          sshpass = false;
        }
      }
      String plain = unquoted(w);
      if (plain.equals("sshpass") || plain.endsWith("/sshpass")) {
        sshpass = true;
        return w;
      }
      if (plain.startsWith("-") && plain.length() > 1) {
        int eq = plain.indexOf('=');
        String name = eq < 0 ? plain : plain.substring(0, eq);
        String bare = name.replaceFirst("^-+", "");
        // --api-key, --private-key: the secret words are spelled with '_' or nothing between
        if (SecretNames.isSecret(bare) || SecretNames.isSecret(bare.replace('-', '_'))) {
          if (eq < 0) {
            secretNext = true;
            return w;
          }
          if (eq + 1 < plain.length()) {
            secrets.add(plain.substring(eq + 1));
          }
          return name + "=" + Redactor.MASK;
        }
      }
      return w;
    }

    private static String unquoted(String w) {
      StringBuilder b = new StringBuilder(w.length());
      for (int i = 0; i < w.length(); i++) {
        char c = w.charAt(i);
        if (c == '\'' || c == '"') {
          int close = w.indexOf(c, i + 1);
          int end = close < 0 ? w.length() : close;
          b.append(w, i + 1, end);
          i = end;
        } else if (c == '\\' && i + 1 < w.length()) {
          b.append(w.charAt(++i));
        } else {
          b.append(c);
        }
      }
      return b.toString();
    }
  }
}
