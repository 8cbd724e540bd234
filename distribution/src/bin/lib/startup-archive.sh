# shellcheck shell=bash disable=SC2154,SC2034  # java, home and classpath are the caller's; cds is its result
# The class-data sharing archive (AppCDS) of bin/ycsb and bin/ycsb-aggregate: one mechanism, sourced by both.
#
# The first plain run of a tool with this java and this lib/ lists the classes it loads; a later start makes an archive
# of them in a cache, and later runs map the classes instead of parsing and verifying them again, which takes about
# half the JVM's start-up CPU (docs/PERFORMANCE.md, issues 18 and 19). The archive's name is the tool's prefix, its
# JDK's slot and a checksum of everything it depends on (the JDK's files, the jars, this folder), so a changed JDK or
# build makes a new one instead of tripping over the old, and each JDK keeps its own. On a JDK 25 too it is this
# static archive, not an AOT cache with method profiles: those need a recording run (-XX:AOTMode=record), which
# prints a line on stdout no -Xlog option hides and writes its file at exit (docs/PERFORMANCE.md, session 11). A run itself is only ever asked to list its classes (-XX:DumpLoadedClassList,
# which never fails a run: a list it cannot write is a short list); the archive is dumped by a JVM of its own
# (-Xshare:dump, which needs no archive of the JDK's), because a JVM asked to archive at exit turns a complete run's
# exit 0 into 1 when it cannot (a full disk, a removed cache) and does not start at all on a JDK without its own
# archive. Java is always exec'd by the tool (so its pid is the JVM's, and every signal reaches it). A pending list is
# used only when the run that wrote it said it completed (a ".ok" marker the tool's main class writes on exit 0
# through common's StartupArchive), its JVM is gone, the dump succeeds and a JVM checks every byte of the result
# (-Xshare:on -XX:+VerifySharedSpaces); otherwise it is deleted. YCSB_CDS=off turns it off; YCSB_CDS_DIR moves the
# cache (both tools share it, each with its own archive).

# startup_archive PREFIX PLAIN CAN_TRAIN USER_OPTIONS: sets the array cds to the JVM options for this start (empty:
# none).
#   PREFIX     the tool's archive name prefix ("" for bin/ycsb, whose names predate bin/ycsb-aggregate's)
#   PLAIN      "yes" when this start may adopt a pending list (and leave one); "" when it only uses an archive
#   CAN_TRAIN  "yes" when this start may list its classes: a plain start without JVM options of its own (the classes
#              it loads may be its options': an agent, JFR)
#   USER_OPTIONS  the JVM options the user gave the tool (-jvm-args, YCSB_AGGREGATE_JVM_ARGS), as one string
# Reads the caller's java, home and classpath; stays off when classpath is not "$home/lib/*" (classes of the user's).
startup_archive() {
  local prefix="$1" plain="$2" can_train="$3" user_options="${4:-}"
  cds=()
  if [ "${YCSB_CDS:-on}" = off ] || [ "$classpath" != "$home/lib/*" ]; then
    return 0
  fi
  # The user's own class-data or AOT options win, whole: beside ours a JDK 25 refuses to start ("Option AOTCache
  # cannot be used at the same time with ... SharedArchiveFile"), and an archive of ours would only be overridden.
  # Options read from a file (an @argfile, -XX:VMOptionsFile, -XX:Flags) may hold such options too: also theirs.
  case " $user_options ${JAVA_TOOL_OPTIONS:-} ${JDK_JAVA_OPTIONS:-} ${_JAVA_OPTIONS:-} " in
    *" -Xshare:"*|*"SharedArchiveFile="*|*"SharedClassListFile="*|*"DumpLoadedClassList="*|*"ArchiveClassesAtExit="*| \
    *"-XX:AOT"*|*"AutoCreateSharedArchive"*|*" @"*|*"VMOptionsFile="*|*"-XX:Flags="*) return 0 ;;
  esac
  if [ -n "${JAVA_TOOL_OPTIONS:-}${JDK_JAVA_OPTIONS:-}${_JAVA_OPTIONS:-}" ]; then
    can_train=""
  fi
  local cache java_bin jdk home_sum slot key archive host busy="" pending writer named old
  cache="${YCSB_CDS_DIR:-${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/ycsb-mongodb-pack/cds}"
  java_bin="$(command -v "$java")"
  java_bin="$(readlink -f "$java_bin" 2>/dev/null || printf '%s' "$java_bin")"
  jdk="$(dirname "$(dirname "$java_bin")")"
  home_sum="$prefix$(printf '%s' "$home" | cksum | cut -d' ' -f1)"
  # each JDK (its java binary's path) has its own slot: adopting an archive replaces only its own JDK's older ones, so
  # runs that alternate a JDK 17 and a JDK 25 keep both archives instead of making them again at each switch
  slot="$(printf '%s' "$java_bin" | cksum | cut -d' ' -f1)"
  key="$( { printf '%s\n' "$java_bin" "$home"
            stat -L -c '%n %s %Y' "$java_bin" "$jdk/lib/modules" "$jdk"/lib/server/libjvm.so \
              "$jdk"/lib/server/classes.jsa "$home"/lib/*.jar \
              2>/dev/null || true  # a file this JDK lacks (or no GNU stat) leaves it out of the name, not the run
          } | cksum | cut -d' ' -f1)"
  archive="$cache/$home_sum-$slot-$key.jsa"
  host="$(uname -n 2>/dev/null || echo host)"
  host="${host//[^A-Za-z0-9_-]/_}"
  # in use: touched first, so the 30-day rule of forget_stale keeps it
  if [ -f "$archive" ]; then touch -c "$archive" 2>/dev/null || true; fi
  [ -z "$plain" ] || forget_stale
  if [ -n "$plain" ]; then
    # this JDK's pending lists written on this host, of this build (adopted when it has no archive yet) or of an
    # earlier one (the JDK or a jar changed since: of no use), and those named before JDKs had slots (HOMESUM-KEY);
    # on a shared home folder another host's pid means nothing here, so other hosts' files are theirs, and another
    # JDK's are that JDK's to adopt at its next start
    for pending in "$cache/$home_sum-"*".$host".*.pending; do
      [ -f "$pending" ] || continue
      named="${pending#"$cache/$home_sum-"}"
      case "${named%%.*}" in
        "$slot"-*) ;;     # this JDK's
        *-*) continue ;;  # another JDK's
      esac
      writer="${pending%.pending}"
      writer="${writer##*.}"
      # this script's own pid is the JVM's to be: a file under it was left by an earlier process with the same pid
      if [ "$writer" != "$$" ] && kill -0 "$writer" 2>/dev/null; then
        [ "$pending" = "$cache/$home_sum-$slot-$key.$host.$writer.pending" ] && busy=yes # leave a running one's
        continue
      fi
      if [ "$pending" = "$cache/$home_sum-$slot-$key.$host.$writer.pending" ] && [ ! -f "$archive" ] \
         && [ -f "$pending.ok" ] && archive_of "$pending"; then
        # this tool's other archives for this folder and JDK are of other builds (or of this JDK's path before an
        # update): replaced, so the cache does not grow; so are the ones named before JDKs had slots (no second '-')
        for old in "$cache/$home_sum"-*.jsa; do
          case "${old#"$cache/$home_sum"-}" in
            "$slot"-*) ;;     # this JDK's, of another build
            *-*) continue ;;  # another JDK's
          esac
          if [ -f "$old" ] && [ "$old" != "$archive" ]; then rm -f "$old" 2>/dev/null || true; fi
        done
      fi
      rm -f "$pending" "$pending.ok" 2>/dev/null || true
    done
  fi
  if [ -f "$archive" ]; then
    cds=(-XX:SharedArchiveFile="$archive" '-Xlog:cds*=off')
  elif [ -n "$can_train" ] && [ -z "$busy" ] && mkdir -p "$cache" 2>/dev/null && [ -w "$cache" ] \
       && knows_class_lists; then
    pending="$cache/$home_sum-$slot-$key.$host.$$.pending"
    # made here, so the JVM never warns that it cannot open it
    if : >"$pending" 2>/dev/null; then
      cds=(-XX:DumpLoadedClassList="$pending" -Dycsbpack.cds.pending="$pending")
    fi
  fi
}

# archive_of LIST: makes $archive from a completed run's class list, by JVMs of their own (a failure here is never the
# run's); bounded, since the run waits for it. A Ctrl-C, TERM, hang-up or Ctrl-\ while it works stops the JVM at work,
# deletes the half-made file and ends the tool at once with the shell's status for that signal (130, 143, 129, 131)
# instead of starting the run: the traps cover both JVMs and the rename. Bash runs a trap only once its foreground
# command has ended (and ignores a Ctrl-C the command survived), and timeout runs its command in a process group of
# its own, which the terminal's signals do not reach: so each JVM runs in the background while the script waits.
archive_of() {
  local list="$1" made="$archive.$$.tmp" helper="" status=1
  trap 'stop_archive_jvm "$helper" "$made" 130' INT
  trap 'stop_archive_jvm "$helper" "$made" 143' TERM
  trap 'stop_archive_jvm "$helper" "$made" 129' HUP
  trap 'stop_archive_jvm "$helper" "$made" 131' QUIT
  rm -f "$made" 2>/dev/null || true
  if archive_jvm -Xshare:dump -XX:SharedClassListFile="$list" -XX:SharedArchiveFile="$made" \
     && archive_jvm -XX:SharedArchiveFile="$made" -Xshare:on -XX:+VerifySharedSpaces -version \
     && mv -f "$made" "$archive" 2>/dev/null; then
    status=0
  else
    rm -f "$made" 2>/dev/null || true
  fi
  trap - INT TERM HUP QUIT
  return "$status"
}

# archive_jvm OPTION...: one JVM of archive_of's, silent and bounded (timeout 300, then KILL 10 s later), in the
# background with its pid in archive_of's helper for the traps
archive_jvm() {
  local bound=() status=0
  if command -v timeout >/dev/null 2>&1; then bound=(timeout -k 10 300); fi
  ${bound[@]+"${bound[@]}"} "$java" '-Xlog:cds*=off' -XX:ErrorFile=/dev/null -XX:-CreateCoredumpOnCrash \
    -cp "$classpath" "$@" </dev/null >/dev/null 2>&1 &
  helper=$!
  wait "$helper" || status=$?
  helper=""
  return "$status"
}

# stop_archive_jvm PID MADE STATUS: a signal's end of archive_of: the JVM at work (if any) stopped and waited for, MADE
# deleted, the tool ended
stop_archive_jvm() {
  trap - INT TERM HUP QUIT
  if [ -n "$1" ]; then
    kill -TERM "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
  fi
  rm -f "$2" 2>/dev/null || true
  exit "$3"
}

# forget_stale: what no start will use again. Another host's pending lists (a shared home folder) untouched for 7
# days (7 x 24 x 60 minutes): only that host can tell whether their writer is gone (its pid means nothing here), and it
# adopts them at its next start, so one that old is of a host that has not run this pack since (a running JVM appends
# to its list as it loads classes, but a long run loads nothing new after its start, so the rule is days, not
# minutes); it goes with its marker. Half-made archives over an hour old (a tool killed by a signal no trap catches
# while it made one; its JVMs are bounded to about 11 minutes). And any archive untouched for over 30 days, of a JDK
# or pack folder since removed (each start touches the archive it maps).
forget_stale() {
  [ -d "$cache" ] || return 0
  # only names this script makes ([aggregate-]HOMESUM-[SLOT-]KEY.jsa[.PID.tmp]): the cache folder may be shared
  # (YCSB_CDS_DIR) with files of other tools; "over 30 days" to the minute, as the 7-day rule
  local ours='.*/(aggregate-)?[0-9]+(-[0-9]+){1,2}\.jsa'
  find "$cache" -maxdepth 1 -type f -regextype posix-extended \
    \( \( -name "$home_sum-*.pending" ! -name "*.$host.*" -mmin +10080 -exec rm -f {} {}.ok \; \) \
    -o \( -regex "$ours\.[0-9]+\.tmp" -mmin +60 -exec rm -f {} \; \) \
    -o \( -regex "$ours" -mmin +43200 -exec rm -f {} \; \) \) 2>/dev/null || true
}

# whether this JVM can list the classes it loads (HotSpot); asked without writing anything
knows_class_lists() {
  local flags status=0
  flags="$("$java" -XX:+PrintFlagsFinal -version 2>/dev/null)" || status=$?
  # a Ctrl-C reached that JVM, which exits 130 for it: bash does not take that for the signal and would go on
  if [ "$status" -eq 130 ]; then exit 130; fi
  case "$flags" in *" DumpLoadedClassList "*) return 0 ;; *) return 1 ;; esac
}
