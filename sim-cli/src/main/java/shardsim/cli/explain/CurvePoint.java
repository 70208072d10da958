package shardsim.cli.explain;

/**
 * One point of the curve: after event {@code event} (at virtual time {@code timeMicros}),
 * {@code failing} of {@code k} continuations broke the invariant.
 *
 * @param distinct how many different runs the k continuations were (by digest): 1 means nothing
 *     after this point is left to chance
 */
public record CurvePoint(long event, long timeMicros, int failing, int k, int distinct) {
    public double fraction() {
        return (double) failing / k;
    }
}
