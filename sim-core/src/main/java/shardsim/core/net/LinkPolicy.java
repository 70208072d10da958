package shardsim.core.net;

/**
 * How a directed link treats messages.
 *
 * @param lossProbability chance a message is dropped, in [0, 1]
 * @param duplicateProbability chance a delivered message is delivered a second time, in [0, 1]
 * @param delay one-way delay distribution
 * @param capacity most messages in flight on the link; more are dropped
 */
public record LinkPolicy(double lossProbability, double duplicateProbability, Delay delay, int capacity) {
    /** Messages in flight a link holds unless told otherwise. */
    public static final int DEFAULT_CAPACITY = 10_000;

    public LinkPolicy {
        checkProbability("loss", lossProbability);
        checkProbability("duplication", duplicateProbability);
        if (capacity <= 0) {
            throw new IllegalArgumentException("link capacity must be positive: " + capacity);
        }
        if (delay == null) {
            throw new IllegalArgumentException("link delay is required");
        }
    }

    /** No loss, no duplication, a fixed 1 ms delay. */
    public static LinkPolicy reliable() {
        return new LinkPolicy(0, 0, new Delay.Fixed(1_000), DEFAULT_CAPACITY);
    }

    /** This policy with loss probability {@code p}. */
    public LinkPolicy withLoss(double p) {
        return new LinkPolicy(p, duplicateProbability, delay, capacity);
    }

    /** This policy with duplication probability {@code p}. */
    public LinkPolicy withDuplication(double p) {
        return new LinkPolicy(lossProbability, p, delay, capacity);
    }

    static void checkProbability(String what, double p) {
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalArgumentException(what + " probability must be in [0, 1]: " + p);
        }
    }
}
