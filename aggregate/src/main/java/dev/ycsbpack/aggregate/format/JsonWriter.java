package dev.ycsbpack.aggregate.format;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import dev.ycsbpack.aggregate.result.MergeResult;
import java.io.IOException;
import java.io.Writer;

/**
 * The merged result as JSON ({@value #SCHEMA}): {@link MergedJson}'s records written by Jackson, pretty printed with
 * the warnings on the first line. The schema is documented in docs/aggregate.md.
 */
public final class JsonWriter implements ResultWriter.Content {
  public static final String SCHEMA = MergedJson.SCHEMA;
  private final JsonText json;

  public JsonWriter() {
    this(new JsonText());
  }

  /** A writer taking the text from {@code json}, which the report's writer may share. */
  public JsonWriter(JsonText json) {
    this.json = json;
  }

  @Override
  public void write(MergeResult r, Writer w) throws IOException {
    w.write(json.of(r));
  }

  /**
   * Jackson's pretty printing, except that the first field stays on the line of the opening brace: the first line
   * of merged.json then carries the warnings.
   */
  static final class FirstLinePrinter extends DefaultPrettyPrinter {
    private static final long serialVersionUID = 1L;
    private boolean first = true;

    @Override
    public DefaultPrettyPrinter createInstance() {
      return new FirstLinePrinter();
    }

    @Override
    public void beforeObjectEntries(JsonGenerator g) throws IOException {
      if (first) {
        first = false;
        g.writeRaw(' ');
      } else {
        super.beforeObjectEntries(g);
      }
    }
  }
}
