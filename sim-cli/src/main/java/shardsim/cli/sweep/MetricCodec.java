package shardsim.cli.sweep;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import shardsim.cli.base.UserError;
import shardsim.core.scenario.PlanValidation;

/**
 * The latencies of a batch of seeds as a result file keeps them (in a {@link Checkpoint}): an
 * HdrHistogram with three significant digits in its compressed encoding, base64. Adding such
 * histograms is exact (their buckets line up), so the percentiles of a sweep are the same whether
 * its seeds were summed in one run, across shard files, or resumed: exactly those of one histogram
 * of every sample.
 */
public final class MetricCodec {
    /** The precision of every metric histogram; histograms are only ever added to ones of the same. */
    public static final int DIGITS = 3;

    private MetricCodec() {}

    /** A histogram of {@link #DIGITS} digits that grows with the values recorded. */
    public static Histogram histogram() {
        return new Histogram(DIGITS);
    }

    public static String encode(Histogram h) {
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
            throw new UserError(
                    where + " has " + h.getNumberOfSignificantValueDigits() + " significant digits, not " + DIGITS);
        }
        if (h.getTotalCount() > 0 && (h.getMinValue() < 0 || h.getMaxValue() > PlanValidation.MAX_MICROS)) {
            throw new UserError(where + " holds a value that is not a whole number of microseconds");
        }
        return h;
    }
}
