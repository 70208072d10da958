/**
 * A pure arithmetic loop for the machine's two-core ceiling (README "Sweep throughput and memory"):
 * run it alone, then two at once; equal times mean the two vCPUs do not share an execution core.
 *
 *   java scripts/Spin.java 3000000000
 */
public class Spin {
    public static void main(String[] args) {
        long steps = Long.parseLong(args[0]);
        long x = 1;
        long t0 = System.nanoTime();
        for (long i = 0; i < steps; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            x ^= x >>> 29;
        }
        // Printing a bit of x keeps the loop from being optimised away.
        System.out.println((System.nanoTime() - t0) / 1e9 + " s " + (x & 1));
    }
}
