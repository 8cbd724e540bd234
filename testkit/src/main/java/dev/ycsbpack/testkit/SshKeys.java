package dev.ycsbpack.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Key pairs made with the real {@code ssh-keygen}, so the rig tests what OpenSSH accepts. */
final class SshKeys {
  private SshKeys() {
  }

  /** Writes an unencrypted ed25519 pair: {@code privateKey} and {@code privateKey.pub}. */
  static void generate(Path privateKey, String comment) throws IOException {
    String keygen = Executables.locate("ssh-keygen")
        .orElseThrow(() -> new MissingPrerequisiteException("ssh-keygen not found")).toString();
    Commands.run(List.of(keygen, "-q", "-t", "ed25519", "-N", "", "-C", comment, "-f", privateKey.toString()),
        privateKey.getParent(), Duration.ofSeconds(10));
  }

  /** "type base64" of a .pub file, without its comment, as known_hosts and authorized_keys want it. */
  static String publicKey(Path privateKey) throws IOException {
    String[] fields = Files.readString(Path.of(privateKey + ".pub")).strip().split("\\s+");
    return fields[0] + " " + fields[1];
  }
}
