package dev.ycsbpack.mongodb.wire;

import static dev.ycsbpack.mongodb.ProxiedMongos.error;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoException;
import com.mongodb.ServerAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.Test;

/**
 * The insert command as bytes, what fits one, the driver's exception for an unclean reply, and which write concern
 * errors may be retried, each against the driver's own (an upgrade that changes them fails here).
 */
class InsertCommandRulesTest {
  private static final WriteLimits STANDARD = new WriteLimits(100_000, 16 * 1024 * 1024);

  /** The write concern errors the binding may retry are those the driver turns into a retryable exception. */
  @Test
  void theWriteConcernErrorsThatMayBeRetriedAreTheDrivers() throws Exception {
    java.lang.reflect.Method special = Class.forName("com.mongodb.internal.connection.ProtocolHelper")
        .getMethod("createSpecialException", BsonDocument.class, ServerAddress.class, String.class,
            com.mongodb.internal.TimeoutContext.class);
    com.mongodb.internal.TimeoutContext timeouts = new com.mongodb.internal.TimeoutContext(
        com.mongodb.internal.TimeoutSettings.DEFAULT);
    List<BsonDocument> errors = new ArrayList<>();
    for (int code : new int[] {50, 64, 79, 91, 100, 189, 262, 6, 7, 89, 9001, 10058, 10107, 11000, 11600, 11602,
        13435, 13436}) {
      errors.add(new BsonDocument("code", new BsonInt32(code)).append("errmsg", new BsonString("injected")));
      errors.add(new BsonDocument("code", new BsonInt32(code)).append("errmsg", new BsonString("not master")));
    }
    for (String message : new String[] {"not master", "not master or secondary", "node is recovering", "other", ""}) {
      errors.add(new BsonDocument("errmsg", new BsonString(message)));
    }
    java.lang.reflect.Method label = Class.forName("com.mongodb.internal.operation.CommandOperationHelper")
        .getDeclaredMethod("addRetryableWriteErrorLabelIfNeeded", MongoException.class, int.class);
    label.setAccessible(true);
    ServerAddress server = new ServerAddress("h", 1);
    int retryable = 0;
    int retried = 0;
    int notRetried = 0;
    for (BsonDocument error : errors) {
      BsonDocument reply = new BsonDocument("ok", new BsonDouble(1)).append("n", new BsonInt32(1))
          .append("writeConcernError", error);
      boolean drivers = special.invoke(null, reply, server, "errmsg", timeouts) != null;
      assertEquals(drivers, RetryableWrites.isRetryableKind(error), () -> "driver and binding differ on " + error);
      retryable += drivers ? 1 : 0;
      // the whole decision: the driver's exception for it, labelled by the server or not, and then by the driver
      // itself on a server below 4.4 (wire version 8) and not from 4.4 (9)
      for (boolean labelled : new boolean[] {false, true}) {
        for (int wire : new int[] {8, 9}) {
          MongoException e = (MongoException) special.invoke(null, reply, server, "errmsg", timeouts);
          boolean driverRetries = false;
          if (e != null) {
            if (labelled) {
              e.addLabel(RetryableWrites.RETRYABLE_WRITE_ERROR);
            }
            label.invoke(null, e, wire);
            driverRetries = e.hasErrorLabel(RetryableWrites.RETRYABLE_WRITE_ERROR);
          }
          MongoException failure = new WriteReply(1, 0, List.of(), error,
              labelled ? List.of(RetryableWrites.RETRYABLE_WRITE_ERROR) : List.of()).writeConcernFailure(server);
          boolean expected = driverRetries;
          String what = error + (labelled ? ", labelled," : ", unlabelled,") + " wire version " + wire;
          assertEquals(expected, RetryableWrites.isRetryable(error, failure, wire), () -> "driver and binding differ "
              + "on retrying " + what);
          retried += driverRetries ? 1 : 0;
          notRetried += driverRetries ? 0 : 1;
        }
      }
    }
    assertTrue(retryable > 10 && retryable < errors.size() - 10, "both kinds checked: " + retryable);
    assertTrue(retried > 10 && notRetried > 10, "both decisions checked: " + retried + " / " + notRetried);
  }

  /** Write errors and a write concern error as the driver's insertMany throws them, so fates and statuses match. */
  @Test
  void anUncleanReplyBecomesTheDriversBulkWriteException() {
    BsonDocument duplicate = new BsonDocument("index", new BsonInt32(1)).append("code", new BsonInt32(11000))
        .append("errmsg", new BsonString("E11000 duplicate key"));
    BsonDocument noIndex = new BsonDocument("code", new BsonInt32(2)).append("errmsg", new BsonString("bad"));
    BsonDocument concern = new BsonDocument("code", new BsonInt32(64)).append("codeName",
        new BsonString("WriteConcernFailed")).append("errmsg", new BsonString("timed out"))
        .append("errorLabels", new BsonArray(List.of(new BsonString("Y"))));
    WriteReply reply = new WriteReply(2, 0, List.of(duplicate, noIndex), concern, List.of("X"));
    MongoBulkWriteException e = InsertCommand.failure(reply, new ServerAddress("h", 1));
    assertEquals(2, e.getWriteErrors().size());
    assertEquals(1, e.getWriteErrors().get(0).getIndex());
    assertEquals(11000, e.getWriteErrors().get(0).getCode());
    assertEquals("E11000 duplicate key", e.getWriteErrors().get(0).getMessage());
    assertEquals(-1, e.getWriteErrors().get(1).getIndex(), "an error without an index maps onto no document");
    assertEquals(64, e.getWriteConcernError().getCode());
    assertEquals(2, e.getWriteResult().getInsertedCount());
    assertTrue(e.hasErrorLabel("X") && e.hasErrorLabel("Y"), e.getErrorLabels()::toString);
    assertEquals(new ServerAddress("h", 1), e.getServerAddress());
  }

  /** Batches one command cannot hold within the server's limits go to the driver's insertMany, which splits them. */
  @Test
  void onlyWhatFitsOneCommandIsSentAsOne() {
    RawBsonDocument small = new RawBsonDocument(new BsonDocument("_id", new BsonString("a")),
        new org.bson.codecs.BsonDocumentCodec());
    assertTrue(fits(List.of(small, small), STANDARD));
    assertTrue(fits(Collections.nCopies(STANDARD.maxDocuments(), small), STANDARD));
    assertFalse(fits(Collections.nCopies(STANDARD.maxDocuments() + 1, small), STANDARD));
    RawBsonDocument big = new RawBsonDocument(new BsonDocument("_id", new BsonString("b"))
        .append("f", new BsonBinary(new byte[4 * 1024 * 1024])), new org.bson.codecs.BsonDocumentCodec());
    assertTrue(fits(List.of(big, big, big), STANDARD));
    assertFalse(fits(List.of(big, big, big, big), STANDARD), "over 16 MiB in all");
    assertFalse(fits(List.of(small, new BsonDocument("_id", new BsonString("c"))), STANDARD),
        "only documents already in bytes are copied");
    WriteLimits announced = new WriteLimits(2, 2 * 1024 * 1024);
    assertTrue(fits(List.of(small, small), announced));
    assertFalse(fits(List.of(small, small, small), announced), "more documents than the server announced");
    assertFalse(fits(List.of(big), announced), "more bytes than the server announced");
  }

  /** The size a batch is checked by bounds the command it becomes, whatever the table name and transaction number. */
  @Test
  void theSizeBoundsTheCommand() {
    RawBsonDocument concern = new RawBsonDocument(new BsonDocument("w", new BsonString("majority"))
        .append("wtimeout", new BsonInt32(10)), new org.bson.codecs.BsonDocumentCodec());
    for (int count : new int[] {0, 1, 100, 999, 1_000, 1_001, 10_000, STANDARD.maxDocuments()}) {
      List<RawBsonDocument> batch = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        batch.add(new RawBsonDocument(new BsonDocument("_id", new BsonString("user" + i)),
            new org.bson.codecs.BsonDocumentCodec()));
      }
      for (String table : new String[] {"t", "\u20ac".repeat(120)}) { // a 3-byte character in UTF-8
        int size = InsertCommand.size(table, batch, STANDARD);
        RawBsonDocument command = InsertCommand.command(table, batch, size, concern, Long.MAX_VALUE);
        int bytes = command.getByteBuffer().remaining();
        assertTrue(bytes <= size + concern.getByteBuffer().remaining(), () -> count + " documents: a command of "
            + bytes + " bytes, over its size " + size);
        assertEquals(count, command.getArray("documents").size());
        // the array's element names are its indexes in order (made once below 1,000, on the fly above), as a
        // server's parser requires: read as the document an array is in BSON
        List<String> names = new ArrayList<>(arrayAsDocument(command, "documents").keySet());
        for (int i = 0; i < count; i++) {
          assertEquals(Integer.toString(i), names.get(i), "element " + i + " of " + count);
        }
        assertEquals(count, names.size());
      }
    }
  }

  /** The array {@code name} of {@code document} read as a document: its element names become keys. */
  private static RawBsonDocument arrayAsDocument(RawBsonDocument document, String name) {
    java.nio.ByteBuffer bytes = document.getByteBuffer().asNIO().order(java.nio.ByteOrder.LITTLE_ENDIAN);
    byte[] head = ("\u0004" + name + "\u0000").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    for (int at = 4; at + head.length < bytes.limit(); at++) {
      int i = 0;
      while (i < head.length && bytes.get(at + i) == head[i]) {
        i++;
      }
      if (i == head.length) {
        int start = at + head.length;
        return new RawBsonDocument(bytes.array(), bytes.arrayOffset() + start, bytes.getInt(start));
      }
    }
    throw new AssertionError("no array " + name + " in " + document);
  }

  private static boolean fits(List<? extends BsonDocument> batch, WriteLimits limits) {
    return InsertCommand.size("usertable", batch, limits) != InsertCommand.DOES_NOT_FIT;
  }
}
