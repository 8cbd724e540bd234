package dev.ycsbpack.common;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.PBEParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Reads PEM files with the JDK alone: certificates, and private keys in the forms openssl and MongoDB's tools write.
 *
 * <p>Supported keys: PKCS#8 ({@code BEGIN PRIVATE KEY}), encrypted PKCS#8 ({@code BEGIN ENCRYPTED PRIVATE KEY}, PBES2
 * as openssl writes it by default, and the JDK's PBE schemes), and unencrypted PKCS#1 RSA ({@code BEGIN RSA PRIVATE
 * KEY}, rewrapped as PKCS#8). Not supported, each refused with the openssl command that converts it: the legacy
 * encrypted PKCS#1 form ({@code Proc-Type: 4,ENCRYPTED}) and SEC1 EC keys ({@code BEGIN EC PRIVATE KEY}).
 */
final class PemFiles {
  private static final Pattern BLOCK = Pattern.compile(
      "-----BEGIN ([A-Z0-9 ]+)-----\\s*(.*?)-----END \\1-----", Pattern.DOTALL);
  /** rsaEncryption's AlgorithmIdentifier, DER: SEQUENCE { OID 1.2.840.113549.1.1.1, NULL }. */
  private static final byte[] RSA_ALGORITHM = {0x30, 0x0d, 0x06, 0x09, 0x2a, (byte) 0x86, 0x48, (byte) 0x86,
      (byte) 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00};
  /** The JDK's name of PBES2 parameters with PBKDF2 and AES-CBC: PBEWithHmacSHA256AndAES_256. */
  private static final Pattern PBES2_AES = Pattern.compile("PBEWith(Hmac\\w+)AndAES_(\\d+)");
  private static final String TO_PKCS8 = "convert it with: openssl pkcs8 -topk8 -in KEY -out KEY.pk8"
      + " (add -nocrypt for no password)";

  /** One PEM block: its label and its decoded bytes. */
  record Block(String label, String headers, byte[] der) {
  }

  private PemFiles() {
  }

  /** Every block of the file, in order. */
  static List<Block> blocks(Path file, String property) throws IOException {
    String text = Files.readString(file, StandardCharsets.ISO_8859_1).replace("\r\n", "\n");
    List<Block> out = new ArrayList<>();
    Matcher m = BLOCK.matcher(text);
    while (m.find()) {
      String body = m.group(2);
      String headers = "";
      int blank = body.indexOf("\n\n");
      if (body.contains(":") && blank >= 0) { // RFC 1421 headers (Proc-Type, DEK-Info) before the base64
        headers = body.substring(0, blank);
        body = body.substring(blank);
      }
      try {
        out.add(new Block(m.group(1), headers, Base64.getMimeDecoder().decode(body.replaceAll("\\s", ""))));
      } catch (IllegalArgumentException e) {
        throw new TlsSettings.Refusal(property + ": the " + m.group(1) + " block of " + file + " is not valid base64");
      }
    }
    return out;
  }

  /** The certificates of the blocks, in order. */
  static List<X509Certificate> certificates(List<Block> blocks, Path file, String property) {
    List<X509Certificate> certs = new ArrayList<>();
    try {
      CertificateFactory cf = CertificateFactory.getInstance("X.509");
      for (Block b : blocks) {
        if (b.label().equals("CERTIFICATE") || b.label().equals("TRUSTED CERTIFICATE")) {
          certs.add((X509Certificate) cf.generateCertificate(new ByteArrayInputStream(b.der())));
        }
      }
    } catch (CertificateException e) {
      throw new TlsSettings.Refusal(property + ": " + file + " holds a certificate the JDK cannot read: "
          + e.getMessage());
    }
    return certs;
  }

  /**
   * The one private key of the blocks.
   *
   * @param password for an encrypted key; null when none was given
   */
  static PrivateKey privateKey(List<Block> blocks, Path file, String property, String passwordProperty,
      char[] password) {
    Block key = null;
    for (Block b : blocks) {
      if (b.label().endsWith("PRIVATE KEY")) {
        if (key != null) {
          throw new TlsSettings.Refusal(property + ": " + file + " holds more than one private key; keep the one that"
              + " belongs to the certificate");
        }
        key = b;
      }
    }
    if (key == null) {
      throw new TlsSettings.Refusal(property + ": " + file + " holds no private key (expected a BEGIN PRIVATE KEY,"
          + " BEGIN ENCRYPTED PRIVATE KEY or BEGIN RSA PRIVATE KEY block after the certificate)");
    }
    switch (key.label()) {
      case "PRIVATE KEY" -> {
        return pkcs8(key.der(), file, property);
      }
      case "ENCRYPTED PRIVATE KEY" -> {
        if (password == null) {
          throw new TlsSettings.Refusal(property + ": the key in " + file + " is encrypted; give its password as "
              + passwordProperty);
        }
        return pkcs8(decrypt(key.der(), password, file, property, passwordProperty), file, property);
      }
      case "RSA PRIVATE KEY" -> {
        if (key.headers().contains("ENCRYPTED")) {
          throw new TlsSettings.Refusal(property + ": the key in " + file + " is in the legacy encrypted PKCS#1 form,"
              + " which the JDK cannot read; " + TO_PKCS8.replace(" (add -nocrypt for no password)", ""));
        }
        return pkcs8(rsaToPkcs8(key.der()), file, property);
      }
      default -> throw new TlsSettings.Refusal(property + ": the " + key.label() + " in " + file + " is not supported"
          + " (PKCS#8 and PKCS#1 RSA keys are); " + TO_PKCS8);
    }
  }

  private static PrivateKey pkcs8(byte[] der, Path file, String property) {
    PKCS8EncodedKeySpec spec = new PKCS8EncodedKeySpec(der);
    for (String algorithm : List.of("RSA", "EC", "EdDSA", "RSASSA-PSS", "DSA")) {
      try {
        return KeyFactory.getInstance(algorithm).generatePrivate(spec);
      } catch (InvalidKeySpecException | java.security.NoSuchAlgorithmException notThisOne) {
        // the next algorithm
      }
    }
    throw new TlsSettings.Refusal(property + ": the private key in " + file + " is not an RSA, EC, EdDSA or DSA key"
        + " the JDK can read");
  }

  private static byte[] decrypt(byte[] der, char[] password, Path file, String property, String passwordProperty) {
    EncryptedPrivateKeyInfo info;
    try {
      info = new EncryptedPrivateKeyInfo(der);
    } catch (IOException e) {
      throw new TlsSettings.Refusal(property + ": the encrypted key in " + file + " is damaged: " + e.getMessage());
    }
    // PBES2 is named by its parameters (PBEWithHmacSHA256AndAES_256), not by its OID's algorithm name
    String algorithm = info.getAlgParameters() != null ? info.getAlgParameters().toString() : info.getAlgName();
    try {
      return info.getKeySpec(cipher(algorithm, info, password)).getEncoded();
    } catch (java.security.NoSuchAlgorithmException | javax.crypto.NoSuchPaddingException e) {
      throw new TlsSettings.Refusal(property + ": the key in " + file + " is encrypted with " + algorithm + ", which"
          + " this JDK does not support; re-encrypt it with:"
          + " openssl pkcs8 -topk8 -v2 aes-256-cbc -in KEY -out KEY.pk8");
    } catch (GeneralSecurityException e) {
      throw new TlsSettings.Refusal(passwordProperty + " does not decrypt the key in " + file
          + " (wrong password?)");
    }
  }

  /**
   * The decrypting cipher. PBES2 with AES (openssl's default) is derived here with PBKDF2, which takes the password as
   * UTF-8 as openssl does: the JDK's own PBES2 ciphers refuse any password that is not printable ASCII.
   */
  private static Cipher cipher(String algorithm, EncryptedPrivateKeyInfo info, char[] password)
      throws GeneralSecurityException {
    Matcher pbes2 = PBES2_AES.matcher(algorithm);
    if (pbes2.matches()) {
      PBEParameterSpec spec = info.getAlgParameters().getParameterSpec(PBEParameterSpec.class);
      byte[] key = SecretKeyFactory.getInstance("PBKDF2With" + pbes2.group(1)).generateSecret(new PBEKeySpec(
          password, spec.getSalt(), spec.getIterationCount(), Integer.parseInt(pbes2.group(2)))).getEncoded();
      Cipher cipher = Cipher.getInstance("AES/CBC/PKCS5Padding");
      cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"), spec.getParameterSpec());
      return cipher;
    }
    Cipher cipher = Cipher.getInstance(algorithm);
    cipher.init(Cipher.DECRYPT_MODE, SecretKeyFactory.getInstance(algorithm).generateSecret(new PBEKeySpec(password)),
        info.getAlgParameters());
    return cipher;
  }

  /** PKCS#1 RSAPrivateKey wrapped as PKCS#8: SEQUENCE { INTEGER 0, rsaEncryption, OCTET STRING { key } }. */
  static byte[] rsaToPkcs8(byte[] pkcs1) {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.writeBytes(new byte[] {0x02, 0x01, 0x00});
    body.writeBytes(RSA_ALGORITHM);
    body.writeBytes(tlv(0x04, pkcs1));
    return tlv(0x30, body.toByteArray());
  }

  private static byte[] tlv(int tag, byte[] value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(tag);
    int n = value.length;
    if (n < 0x80) {
      out.write(n);
    } else {
      int bytes = n > 0xffffff ? 4 : n > 0xffff ? 3 : n > 0xff ? 2 : 1;
      out.write(0x80 | bytes);
      for (int i = bytes - 1; i >= 0; i--) {
        out.write((n >>> (8 * i)) & 0xff);
      }
    }
    out.writeBytes(value);
    return out.toByteArray();
  }
}
