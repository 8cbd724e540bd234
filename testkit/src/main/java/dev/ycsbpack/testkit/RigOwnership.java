package dev.ycsbpack.testkit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Tells a live rig from one whose JVM died: each rig holds a lock on {@code /run/ycsbt-netns/TAG.lock}.
 *
 * <p>The kernel drops the lock when the owning process dies, even by SIGKILL, so a lock that can be
 * taken means the rig was abandoned. Unlike a recorded PID this survives PID reuse. The file also
 * records the rig's subnet and temp folder, so a later cleanup can remove them.
 */
final class RigOwnership implements AutoCloseable {
  /** Beside /run/netns, so it is seen by everyone who sees the namespaces. */
  static final Path DIR = Path.of("/run/ycsbt-netns");

  private final Path file;
  private final FileChannel channel;
  private final FileLock lock;
  private final Map<String, String> records = new LinkedHashMap<>();

  private RigOwnership(Path file, FileChannel channel, FileLock lock) {
    this.file = file;
    this.channel = channel;
    this.lock = lock;
  }

  /** Takes a brand-new tag; empty if the tag is taken (the caller picks another). */
  static Optional<RigOwnership> acquireNew(String tag) throws IOException {
    Files.createDirectories(DIR);
    Path file = DIR.resolve(tag + ".lock");
    FileChannel channel;
    try {
      channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
          StandardOpenOption.WRITE);
    } catch (java.nio.file.FileAlreadyExistsException e) {
      return Optional.empty();
    }
    return lockOrClose(file, channel);
  }

  /** The ownership of an abandoned rig, or empty while its owner lives. */
  static Optional<RigOwnership> claimIfAbandoned(String tag) throws IOException {
    Files.createDirectories(DIR);
    Path file = DIR.resolve(tag + ".lock");
    FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
        StandardOpenOption.WRITE);
    return lockOrClose(file, channel);
  }

  private static Optional<RigOwnership> lockOrClose(Path file, FileChannel channel) throws IOException {
    FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null; // Held by this very JVM: a live rig.
    }
    // A cleanup in another JVM may have deleted the file between our open and our lock; then we
    // locked an orphan inode and own nothing.
    if (lock == null || !Files.exists(file)) {
      channel.close();
      return Optional.empty();
    }
    return Optional.of(new RigOwnership(file, channel, lock));
  }

  /** Tags of every rig that has (or had) a lock file. */
  static List<String> knownTags() throws IOException {
    List<String> tags = new ArrayList<>();
    if (!Files.isDirectory(DIR)) {
      return tags;
    }
    try (Stream<Path> files = Files.list(DIR)) {
      files.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".lock"))
          .forEach(n -> tags.add(n.substring(0, n.length() - ".lock".length())));
    }
    return tags;
  }

  /** What the owner of {@code tag} recorded under {@code key}, read without the lock. */
  static Optional<String> peek(String tag, String key) {
    try {
      return parse(Files.readString(DIR.resolve(tag + ".lock"), StandardCharsets.UTF_8), key);
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Records {@code key value} (one line each, no spaces in keys) for whoever cleans up after us. */
  void record(String key, String value) throws IOException {
    records.put(key, value);
    StringBuilder text = new StringBuilder();
    records.forEach((k, v) -> text.append(k).append(' ').append(v).append('\n'));
    channel.truncate(0);
    channel.write(ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8)), 0);
    channel.force(false);
  }

  /** What the (dead) owner recorded under {@code key}. */
  Optional<String> recorded(String key) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(channel.size(), 64 * 1024));
    channel.read(buffer, 0);
    return parse(new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8), key);
  }

  private static Optional<String> parse(String text, String key) {
    for (String line : text.split("\n")) {
      String[] kv = line.strip().split(" ", 2);
      if (kv.length == 2 && kv[0].equals(key)) {
        return Optional.of(kv[1]);
      }
    }
    return Optional.empty();
  }

  /** Deletes the lock file while still holding the lock, then lets go. */
  @Override
  public void close() throws IOException {
    try {
      Files.deleteIfExists(file);
    } finally {
      if (lock.isValid()) {
        lock.release();
      }
      channel.close();
    }
  }
}
