package shardsim.cli.sweep;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import shardsim.cli.base.UserError;
import shardsim.core.scenario.PlanValidation;

/**
 * A seed's samples of one metric as it is kept in a result file: an HdrHistogram with three
 * significant digits in its compressed encoding, base64. Adding such histograms is exact (their
 * buckets line up), so the percentiles of a sweep are the same whether its seeds were summed in
 * one run, across shard files, or resumed: exactly those of one histogram of every sample.
 */
public final class MetricCodec {
    /** The precision of every metric histogram; histograms are only ever added to ones of the same. */
    public static final int DIGITS = 3;

    private MetricCodec() {
    }

    public static String encode(long[] samples) {
        // A new histogram sized by the samples alone, so that the same samples always give the
        // same text (a reused one would carry the range of an earlier seed into the encoding).
        long max = 2;
        for (long v : samples) {
            max = Math.max(max, v);
        }
        Histogram h = new Histogram(max, DIGITS);
        for (long v : samples) {
            h.recordValue(v);
        }
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(buf);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buf.array(), n));
    }

    /** Reads an encoded histogram; a value that is not one is a one-line {@link UserError}. */
    public static Histogram decode(String text, String where) {
        Histogram h;
        try {
            byte[] bytes = Base64.getDecoder().decode(text);
            h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new UserError(where + " is not a compressed histogram");
        }
        if (h.getNumberOfSignificantValueDigits() != DIGITS) {
            throw new UserError(where + " has " + h.getNumberOfSignificantValueDigits() + " significant digits, not " + DIGITS);
        }
        if (h.getTotalCount() > 0 && (h.getMinValue() < 0 || h.getMaxValue() > PlanValidation.MAX_MICROS)) {
            throw new UserError(where + " holds a value that is not a whole number of microseconds");
        }
        return h;
    }
}
