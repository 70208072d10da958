package shardsim.cli.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import shardsim.cli.base.UserError;
import shardsim.core.random.SimRandom;

/** Histograms of batches of seeds added up give exactly the percentiles of one histogram of every sample, in little space. */
class MetricCodecTest {
    @Test
    void addedSeedHistogramsEqualOneHistogramOfAllSamples() {
        SimRandom r = new SimRandom(7);
        Histogram all = new Histogram(MetricCodec.DIGITS);
        Histogram firstHalf = new Histogram(MetricCodec.DIGITS);
        Histogram secondHalf = new Histogram(MetricCodec.DIGITS);
        long longest = 0;
        for (int seed = 0; seed < 400; seed++) {
            long[] samples = new long[1 + r.nextInt(60)];
            for (int i = 0; i < samples.length; i++) {
                samples[i] = r.exponentialMicros(300_000, 30_000_000);
                all.recordValue(samples[i]);
            }
            Histogram seedHistogram = MetricCodec.histogram();
            for (long v : samples) {
                seedHistogram.recordValue(v);
            }
            String line = MetricCodec.encode(seedHistogram);
            longest = Math.max(longest, line.length());
            // Two "shards" summed separately, then together, as summarize does with shard files.
            (seed % 2 == 0 ? firstHalf : secondHalf).add(MetricCodec.decode(line, "seed " + seed));
        }
        Histogram summed = new Histogram(MetricCodec.DIGITS);
        summed.add(secondHalf);
        summed.add(firstHalf);
        assertEquals(all.getTotalCount(), summed.getTotalCount());
        for (double p : new double[] {0, 1, 10, 50, 90, 99, 99.9, 99.99, 100}) {
            assertEquals(all.getValueAtPercentile(p), summed.getValueAtPercentile(p), "p" + p);
        }
        assertEquals(all, summed, "the same counts in every bucket");
        assertTrue(longest < 400, "a seed's 60 samples take " + longest + " characters");
    }

    @Test
    void aValueThatIsNoHistogramIsOneClearError() {
        UserError e =
                assertThrows(UserError.class, () -> MetricCodec.decode("not base64 at all!", "line 3: metric 'rtt'"));
        assertEquals("line 3: metric 'rtt' is not a compressed histogram", e.getMessage());
        assertThrows(UserError.class, () -> MetricCodec.decode("AAAA", "x"));
    }
}
