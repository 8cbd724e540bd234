package dev.ycsbpack.aggregate.format;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.ycsbpack.aggregate.result.MergeResult;
import java.io.IOException;
import java.io.StringWriter;

/**
 * The merged result as merged.json's text, built once however many outputs hold it: merged.json and the HTML report's
 * copy share one, so a merge writing both builds the JSON once (the writers run side by side: the second to ask waits
 * for the first's text instead of building its own).
 */
public final class JsonText {
  private MergeResult of;
  private String text;
  /** How many times the text was built (one per result): the test that shows both outputs share one build reads it. */
  int builds;

  /** The JSON of {@code r}; the same string for every call with the same result. */
  public synchronized String of(MergeResult r) throws IOException {
    if (r != of) {
      StringWriter w = new StringWriter();
      MergedJson.MAPPER.writer(new JsonWriter.FirstLinePrinter()).without(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
          .writeValue(w, MergedJson.of(r));
      text = w.toString();
      of = r;
      builds++;
    }
    return text;
  }
}
