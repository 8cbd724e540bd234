package dev.ycsbpack.testkit;

import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;

/**
 * One client message as {@link WireProxy} decoded it, for a test's rule to look at.
 *
 * @param connection the proxy's number for the client connection (1, 2, ... in accept order)
 * @param requestId  the message's request id
 * @param command    the command name: the body's first key ({@code insert}, {@code find}, {@code hello},
 *                   {@code isMaster}, ...); {@code "opcode-N"} for an opcode the proxy does not decode
 *                   (e.g. OP_COMPRESSED)
 * @param body       the command document (OP_MSG section kind 0, or the OP_QUERY query with {@code $query} unwrapped);
 *                   a copy, changing it changes nothing on the wire
 * @param sequences  OP_MSG kind-1 document sequences by identifier (the driver sends inserted documents as
 *                   {@code documents}); empty when there are none
 * @param legacy     whether it came as OP_QUERY (the driver's first hello on a connection), so a reply goes back
 *                   as OP_REPLY
 * @param moreToCome whether the client expects no reply (OP_MSG {@code moreToCome}: an unacknowledged write)
 */
public record WireRequest(int connection, int requestId, String command, BsonDocument body,
    Map<String, List<BsonDocument>> sequences, boolean legacy, boolean moreToCome) {

  public WireRequest {
    sequences = Map.copyOf(sequences);
  }

  /** Whether this is the handshake/monitoring command under either of its names. */
  public boolean isHello() {
    return command.equals("hello") || command.equalsIgnoreCase("isMaster");
  }

  /** The documents of all kind-1 sequences, e.g. the documents of one insert batch. */
  public int sequenceDocuments() {
    return sequences.values().stream().mapToInt(List::size).sum();
  }
}
