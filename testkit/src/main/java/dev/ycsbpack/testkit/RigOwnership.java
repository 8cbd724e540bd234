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
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Tells a live rig from one whose JVM died: each rig holds a lock on {@code /run/ycsbt-netns/TAG.lock}.
 *
 * <p>The kernel drops the lock when the owning process dies, even by SIGKILL, so a lock that can be
 * taken means the rig was abandoned. Unlike a recorded PID this survives PID reuse. The file also
 * records the rig's subnet, so a later cleanup can remove its route.
 */
final class RigOwnership implements AutoCloseable {
  /** Beside /run/netns, so it is seen by everyone who sees the namespaces. */
  static final Path DIR = Path.of("/run/ycsbt-netns");

  private final Path file;
  private final FileChannel channel;
  private final FileLock lock;

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

  /** Whatever a live owner has recorded for {@code tag}, or "" (readable without the lock). */
  static String peek(String tag) {
    try {
      return Files.readString(DIR.resolve(tag + ".lock"), StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      return "";
    }
  }

  void record(String text) throws IOException {
    channel.truncate(0);
    channel.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)), 0);
    channel.force(false);
  }

  String recorded() throws IOException {
    channel.position(0);
    ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(channel.size(), 4096));
    channel.read(buffer, 0);
    return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8).strip();
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
