package shardsim.cli.sweep;

import org.HdrHistogram.Histogram;

/**
 * One seed's samples of one metric: the raw samples of a seed just run, or the compressed
 * histogram read from a result file. A summary adds raw samples directly and a file's text
 * through its histogram, which counts them into the same buckets; the text is made only when a
 * line is written.
 */
public final class Metric {
    private final long[] samples;
    private String encoded;

    private Metric(long[] samples, String encoded) {
        this.samples = samples;
        this.encoded = encoded;
    }

    public static Metric ofSamples(long[] samples) {
        return new Metric(samples.clone(), null);
    }

    /** A histogram as read from a file; the caller has checked it decodes. */
    static Metric ofEncoded(String encoded) {
        return new Metric(null, encoded);
    }

    /** The compressed histogram in base64 ({@link MetricCodec}). */
    public String encoded() {
        if (encoded == null) {
            encoded = MetricCodec.encode(samples);
        }
        return encoded;
    }

    /** Counts this seed's samples into {@code h} (of {@link MetricCodec#DIGITS} digits). */
    void addTo(Histogram h, String where) {
        if (samples != null) {
            for (long v : samples) {
                h.recordValue(v);
            }
        } else {
            h.add(MetricCodec.decode(encoded, where));
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Metric m && encoded().equals(m.encoded());
    }

    @Override
    public int hashCode() {
        return encoded().hashCode();
    }

    @Override
    public String toString() {
        return encoded();
    }
}
