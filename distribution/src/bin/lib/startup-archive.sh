# shellcheck shell=bash disable=SC2154,SC2034  # java, home and classpath are the caller's; cds is its result
# The class-data sharing archive (AppCDS, JDK 13+) of bin/ycsb and bin/ycsb-aggregate: one mechanism, sourced by both.
#
# The first plain run of a tool with this java and this lib/ archives the classes it loaded; later runs map them
# instead of parsing and verifying them again, which takes about half the JVM's start-up CPU (docs/PERFORMANCE.md,
# issues 18 and 19). The archive's name is the tool's prefix and a checksum of everything it depends on (the JDK's
# files, the jars, this folder), so a changed JDK or build makes a new one instead of tripping over the old. Java is
# always exec'd by the tool (so its pid is the JVM's, and every signal reaches it); the JVM writes what it archived
# when it exits, to a pending file, whatever its exit status. A pending file becomes the archive only at a later
# start, and only when the run that wrote it said it completed (a ".ok" marker the tool's main class writes on exit 0
# through common's StartupArchive, before the JVM archives), its JVM is gone, and a JVM checks every byte of it
# (-Xshare:on -XX:+VerifySharedSpaces: a cut or corrupt archive would crash or warn in a run; here it is deleted).
# YCSB_CDS=off turns it off; YCSB_CDS_DIR moves the cache (both tools share it, each with its own archive).

# startup_archive PREFIX PLAIN CAN_TRAIN: sets the array cds to the JVM options for this start (empty: none).
#   PREFIX     the tool's archive name prefix ("" for bin/ycsb, whose names predate bin/ycsb-aggregate's)
#   PLAIN      "yes" when this start may adopt a pending archive (and leave one); "" when it only uses an archive
#   CAN_TRAIN  "yes" when this start may archive: a plain start without JVM options of its own (the archiving JVM
#              turns some off: -XX:StartFlightRecording records nothing while it archives)
# Reads the caller's java, home and classpath; stays off when classpath is not "$home/lib/*" (classes of the user's).
startup_archive() {
  local prefix="$1" plain="$2" can_train="$3"
  cds=()
  if [ "${YCSB_CDS:-on}" = off ] || [ "$classpath" != "$home/lib/*" ]; then
    return 0
  fi
  if [ -n "${JAVA_TOOL_OPTIONS:-}${JDK_JAVA_OPTIONS:-}${_JAVA_OPTIONS:-}" ]; then
    can_train=""
  fi
  local cache java_bin jdk home_sum key archive host busy="" pending writer old
  cache="${YCSB_CDS_DIR:-${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/ycsb-mongodb-pack/cds}"
  java_bin="$(command -v "$java")"
  java_bin="$(readlink -f "$java_bin" 2>/dev/null || printf '%s' "$java_bin")"
  jdk="$(dirname "$(dirname "$java_bin")")"
  home_sum="$prefix$(printf '%s' "$home" | cksum | cut -d' ' -f1)"
  key="$( { printf '%s\n' "$java_bin" "$home"
            stat -L -c '%n %s %Y' "$java_bin" "$jdk/lib/modules" "$jdk"/lib/server/libjvm.so \
              "$jdk"/lib/server/classes.jsa "$home"/lib/*.jar \
              2>/dev/null || true  # a file this JDK lacks (or no GNU stat) leaves it out of the name, not the run
          } | cksum | cut -d' ' -f1)"
  archive="$cache/$home_sum-$key.jsa"
  host="$(uname -n 2>/dev/null || echo host)"
  host="${host//[^A-Za-z0-9_-]/_}"
  if [ ! -f "$archive" ] && [ -n "$plain" ]; then
    # pending archives of this build written on this host (on a shared home folder, another host's pid means
    # nothing here, so other hosts' files are theirs to adopt)
    for pending in "$cache/$home_sum-$key.$host".*.pending; do
      [ -f "$pending" ] || continue
      writer="${pending%.pending}"
      writer="${writer##*.}"
      if kill -0 "$writer" 2>/dev/null; then
        busy=yes # that run is still going (or archiving as it exits): leave its file alone
        continue
      fi
      if [ ! -f "$archive" ] && [ -f "$pending.ok" ] \
         && "$java" -XX:SharedArchiveFile="$pending" -Xshare:on -XX:+VerifySharedSpaces '-Xlog:cds*=off' \
              -XX:ErrorFile=/dev/null -XX:-CreateCoredumpOnCrash -cp "$classpath" -version >/dev/null 2>&1; then
        # this tool's older archives for this folder are of other builds or JDKs: replaced, so the cache does not grow
        for old in "$cache/$home_sum"-*.jsa; do
          if [ -f "$old" ]; then rm -f "$old" 2>/dev/null || true; fi
        done
        mv -f "$pending" "$archive" 2>/dev/null || true
      fi
      rm -f "$pending" "$pending.ok" 2>/dev/null || true
    done
  fi
  if [ -f "$archive" ]; then
    cds=(-XX:SharedArchiveFile="$archive" '-Xlog:cds*=off')
  elif [ -n "$can_train" ] && [ -z "$busy" ] && mkdir -p "$cache" 2>/dev/null && [ -w "$cache" ] \
       && knows_dynamic_archives; then
    pending="$cache/$home_sum-$key.$host.$$.pending"
    cds=(-XX:ArchiveClassesAtExit="$pending" '-Xlog:cds*=off' -Dycsbpack.cds.pending="$pending")
  fi
}

# whether this JVM can archive at exit (HotSpot 13+); asked without writing anything
knows_dynamic_archives() {
  local flags
  flags="$("$java" -XX:+PrintFlagsFinal -version 2>/dev/null || true)"
  case "$flags" in *" ArchiveClassesAtExit "*) return 0 ;; *) return 1 ;; esac
}
