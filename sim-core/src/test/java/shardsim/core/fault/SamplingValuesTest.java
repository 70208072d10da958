package shardsim.core.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.random.SimRandom;

/**
 * The floating-point sampling functions give the committed values for fixed inputs. They use
 * StrictMath, whose results the Java specification fixes bit for bit, so a seed draws the same
 * delays and fault counts on any JVM and CPU; Math.exp and Math.log1p may be replaced by
 * intrinsics that differ in the last bit. The values were computed by this code and committed.
 */
class SamplingValuesTest {
    private static final double[] MEANS = {0.3, 1.0, 2.5, 7.0, 40.0, 400.0};

    @Test
    void exponentialDelays() {
        List<Long> got = new ArrayList<>();
        for (long seed = 0; seed < 4; seed++) {
            SimRandom r = new SimRandom(seed);
            for (int i = 0; i < 3; i++) {
                got.add(r.exponentialMicros(5_000.0, 1_000_000));
            }
        }
        assertEquals(EXPONENTIAL, got.toString());
    }

    @Test
    void poissonCounts() {
        List<Long> got = new ArrayList<>();
        SimRandom r = new SimRandom(42);
        for (double mean : MEANS) {
            got.add(FaultPlanGenerator.poisson(r, mean));
        }
        got.add(FaultPlanGenerator.poisson(r, 1234.4));
        assertEquals(POISSON, got.toString());
    }

    @Test
    void theFunctionsThemselves() {
        // The bits of exp and log1p at the inputs the samplers see most.
        assertEquals(
                STRICT_BITS,
                Long.toHexString(Double.doubleToLongBits(StrictMath.exp(-7.0))) + " "
                        + Long.toHexString(Double.doubleToLongBits(StrictMath.log1p(-0.999))) + " "
                        + Long.toHexString(Double.doubleToLongBits(StrictMath.log1p(-0.123456789))));
    }

    static final String EXPONENTIAL = "[4597, 6887, 544, 6069, 3674, 4268, 539, 6464, 1016, 5866, 5116, 1231]";
    static final String POISSON = "[0, 1, 8, 9, 49, 396, 1234]";
    static final String STRICT_BITS = "3f4de16b9c24a98f c01ba18a998fff9f bfc0ddd0ce44ea5a";
}
