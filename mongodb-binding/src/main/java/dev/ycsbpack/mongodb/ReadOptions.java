package dev.ycsbpack.mongodb;

import com.mongodb.ReadConcern;
import com.mongodb.ReadConcernLevel;
import com.mongodb.ReadPreference;
import com.mongodb.Tag;
import com.mongodb.TagSet;
import com.mongodb.TaggableReadPreference;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * Resolves read preference and read concern; explicit options override the URL's, each its own part.
 */
final class ReadOptions {
  static final String READ_PREFERENCE = "mongodb.readPreference";
  static final String READ_PREFERENCE_TAGS = "mongodb.readPreferenceTags";
  static final String MAX_STALENESS = "mongodb.maxStalenessSeconds";
  static final String READ_CONCERN = "mongodb.readConcern";

  private static final String MODES = "use primary, primaryPreferred, secondary, secondaryPreferred or nearest";

  private ReadOptions() {
  }

  /**
   * Mode, tag sets and maximum staleness each come from their own property if set, else from the URL: setting one
   * never drops the URL's other two.
   */
  static ReadPreference resolveReadPreference(ReadPreference fromUrl, Properties props) {
    String mode = props.getProperty(READ_PREFERENCE);
    String tags = props.getProperty(READ_PREFERENCE_TAGS);
    String staleness = props.getProperty(MAX_STALENESS);
    if (mode == null && tags == null && staleness == null) {
      return fromUrl == null ? ReadPreference.primary() : fromUrl;
    }
    TaggableReadPreference urlTaggable = fromUrl instanceof TaggableReadPreference t ? t : null;
    String modeName = mode != null ? canonicalMode(mode.trim())
        : (fromUrl == null ? "primary" : fromUrl.getName());
    List<TagSet> tagSets = tags != null ? parseTagSets(tags)
        : urlTaggable == null ? List.of() : urlTaggable.getTagSetList();
    Long maxStalenessSeconds = staleness != null
        ? Long.valueOf(BindingOptions.parseLong(MAX_STALENESS, staleness, 90,
            "at least 90 seconds (the server's minimum), or leave it unset"))
        : urlTaggable == null ? null : urlTaggable.getMaxStaleness(TimeUnit.SECONDS);
    if (modeName.equals("primary") && (!tagSets.isEmpty() || maxStalenessSeconds != null)) {
      String from = (mode != null ? READ_PREFERENCE + "=" + mode.trim() : "the URL's readPreference") + " with "
          + (!tagSets.isEmpty() ? (tags != null ? READ_PREFERENCE_TAGS : "the URL's readPreferenceTags")
              : (staleness != null ? MAX_STALENESS : "the URL's maxStalenessSeconds"));
      throw new OptionException("read preference primary cannot use tag sets or a maximum staleness (" + from
          + "): set " + READ_PREFERENCE + " to secondary, secondaryPreferred, primaryPreferred or nearest, or drop"
          + " the tags and staleness (" + READ_PREFERENCE_TAGS + "= with nothing after it drops the URL's tags)");
    }
    if (maxStalenessSeconds == null) {
      return tagSets.isEmpty() ? ReadPreference.valueOf(modeName) : ReadPreference.valueOf(modeName, tagSets);
    }
    return ReadPreference.valueOf(modeName, tagSets, maxStalenessSeconds, TimeUnit.SECONDS);
  }

  /** Accepts the driver's camelCase names and upstream YCSB's snake_case ones. */
  private static String canonicalMode(String mode) {
    switch (mode.replace("_", "").toLowerCase(Locale.ROOT)) {
      case "primary" :
        return "primary";
      case "primarypreferred" :
        return "primaryPreferred";
      case "secondary" :
        return "secondary";
      case "secondarypreferred" :
        return "secondaryPreferred";
      case "nearest" :
        return "nearest";
      default :
        throw new OptionException(READ_PREFERENCE, mode, MODES);
    }
  }

  /** {@code dc:ny,rack:1;dc:sf;} means: try {dc:ny, rack:1}, then {dc:sf}, then any member (empty set). */
  private static List<TagSet> parseTagSets(String value) {
    List<TagSet> sets = new ArrayList<>();
    if (value.isBlank()) {
      return sets;
    }
    for (String set : value.split(";", -1)) {
      List<Tag> tags = new ArrayList<>();
      for (String pair : set.split(",")) {
        if (pair.isBlank()) {
          continue;
        }
        int colon = pair.indexOf(':');
        if (colon <= 0 || colon == pair.length() - 1) {
          throw new OptionException(READ_PREFERENCE_TAGS, value,
              "write tag sets as name:value pairs separated by commas, sets separated by semicolons,"
                  + " e.g. dc:ny,rack:1;dc:sf (a trailing ; adds the empty set, meaning any member)");
        }
        tags.add(new Tag(pair.substring(0, colon).trim(), pair.substring(colon + 1).trim()));
      }
      sets.add(new TagSet(tags));
    }
    return sets;
  }

  static ReadConcern resolveReadConcern(ReadConcern fromUrl, Properties props) {
    String level = props.getProperty(READ_CONCERN);
    if (level == null) {
      return fromUrl == null ? ReadConcern.DEFAULT : fromUrl;
    }
    try {
      return new ReadConcern(ReadConcernLevel.fromString(level.trim()));
    } catch (IllegalArgumentException e) {
      throw new OptionException(READ_CONCERN, level, "use local, available, majority, linearizable or snapshot");
    }
  }
}
