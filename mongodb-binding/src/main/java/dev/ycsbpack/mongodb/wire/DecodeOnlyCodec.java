package dev.ycsbpack.mongodb.wire;

import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.EncoderContext;

/**
 * A codec the binding only decodes with (a reply, a stored document read into YCSB's field map): nothing it reads is
 * ever written back, so an encode is a bug, refused with {@code refusal}.
 *
 * @param <T> what it decodes
 */
abstract class DecodeOnlyCodec<T> implements Codec<T> {
  private final Class<T> type;
  private final String refusal;

  DecodeOnlyCodec(Class<T> type, String refusal) {
    this.type = type;
    this.refusal = refusal;
  }

  @Override
  public final void encode(BsonWriter writer, T value, EncoderContext encoderContext) {
    throw new UnsupportedOperationException(refusal);
  }

  @Override
  public final Class<T> getEncoderClass() {
    return type;
  }
}
