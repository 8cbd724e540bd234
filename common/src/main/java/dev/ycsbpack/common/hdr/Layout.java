package dev.ycsbpack.common.hdr;

/**
 * HdrHistogram's mapping between values and counts-array indexes for a given precision (numberOfSignificantValueDigits)
 * and lowestDiscernibleValue, as in {@code AbstractHistogram} (countsArrayIndex, valueFromIndex,
 * highestEquivalentValue).
 */
public final class Layout {
  final int unitMagnitude;
  final int subBucketHalfCountMagnitude;
  final int subBucketHalfCount;
  final long subBucketMask;
  final int leadingZeroCountBase;
  final int digits;
  final long lowest;

  public Layout(int digits, long lowestDiscernibleValue) {
    if (digits < 0 || digits > 5 || lowestDiscernibleValue < 1) {
      throw new IllegalArgumentException("unsupported histogram precision " + digits + "/" + lowestDiscernibleValue);
    }
    this.digits = digits;
    this.lowest = lowestDiscernibleValue;
    long largestValueWithSingleUnitResolution = 2 * (long) Math.pow(10, digits);
    unitMagnitude = (int) (Math.log(lowestDiscernibleValue) / Math.log(2));
    int subBucketCountMagnitude = (int) Math.ceil(Math.log(largestValueWithSingleUnitResolution) / Math.log(2));
    subBucketHalfCountMagnitude = (subBucketCountMagnitude > 1 ? subBucketCountMagnitude : 1) - 1;
    int subBucketCount = 1 << (subBucketHalfCountMagnitude + 1);
    subBucketHalfCount = subBucketCount / 2;
    subBucketMask = ((long) subBucketCount - 1) << unitMagnitude;
    leadingZeroCountBase = 64 - unitMagnitude - subBucketHalfCountMagnitude - 1;
  }

  public boolean sameAs(int otherDigits, long otherLowest) {
    return digits == otherDigits && lowest == otherLowest;
  }

  public int index(long value) {
    int bucketIndex = leadingZeroCountBase - Long.numberOfLeadingZeros(value | subBucketMask);
    int subBucketIndex = (int) (value >>> (bucketIndex + unitMagnitude));
    int bucketBaseIndex = (bucketIndex + 1) << subBucketHalfCountMagnitude;
    return bucketBaseIndex + subBucketIndex - subBucketHalfCount;
  }

  /** The lowest value that maps to this index. */
  public long valueFromIndex(int index) {
    int bucketIndex = (index >> subBucketHalfCountMagnitude) - 1;
    int subBucketIndex = (index & (subBucketHalfCount - 1)) + subBucketHalfCount;
    if (bucketIndex < 0) {
      subBucketIndex -= subBucketHalfCount;
      bucketIndex = 0;
    }
    return ((long) subBucketIndex) << (bucketIndex + unitMagnitude);
  }

  /** The highest value that maps to this index (what HdrHistogram reports for a percentile). */
  public long highestValueAtIndex(int index) {
    int bucketIndex = Math.max(0, (index >> subBucketHalfCountMagnitude) - 1);
    return valueFromIndex(index) + (1L << (bucketIndex + unitMagnitude)) - 1;
  }
}
