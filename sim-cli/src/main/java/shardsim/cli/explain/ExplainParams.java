package shardsim.cli.explain;

/**
 * How {@code sim explain} searches.
 *
 * @param k continuations per point
 * @param coarse points of the first, even grid over event numbers 0 to the violation's event
 * @param maxPoints the most points evaluated in all (the grid's included)
 * @param jump a step in the fraction between two neighbouring points at least this large is bisected
 */
public record ExplainParams(int k, int coarse, int maxPoints, double jump) {
    public static final int DEFAULT_K = 100;
    public static final int DEFAULT_COARSE = 16;
    public static final int DEFAULT_MAX_POINTS = 48;
    public static final double DEFAULT_JUMP = 0.2;
    /** At or above this fraction a point is past no return. */
    public static final double NO_RETURN = 0.95;
    /** Below this fraction the failure is still unlikely. */
    public static final double UNLIKELY = 0.5;

    public static ExplainParams defaults() {
        return new ExplainParams(DEFAULT_K, DEFAULT_COARSE, DEFAULT_MAX_POINTS, DEFAULT_JUMP);
    }
}
