package shardsim.core.explore;

/**
 * The bounds of an exploration.
 *
 * @param batch candidates made before their runs' results are merged; fixed, not the thread
 *     count, so the search does not depend on how many threads run it
 * @param maxCorpus most plans kept; past it the plan with the least energy goes
 * @param maxFaults most faults a mutation grows a plan to (a start and its end count two)
 * @param maxOperations most operations a mutation grows a plan to
 * @param maxMutations most mutations stacked on one parent to make one candidate
 * @param freshPerMille of the candidates made once the corpus has plans, how many per thousand
 *     are fresh plans of the built-in plan (the rest are mutants)
 * @param maxFindingsKept most distinct failures kept with their plans (all failing runs are counted)
 */
public record ExploreLimits(
        int batch,
        int maxCorpus,
        int maxFaults,
        int maxOperations,
        int maxMutations,
        int freshPerMille,
        int maxFindingsKept) {
    /** Fresh plans per thousand candidates by default: mostly mutants, some new blood. */
    public static final int DEFAULT_FRESH_PER_MILLE = 100;

    /** The limits {@code sim explore} uses. */
    public static final ExploreLimits DEFAULTS = new ExploreLimits(16, 256, 64, 2_000, 4, DEFAULT_FRESH_PER_MILLE, 32);

    public ExploreLimits {
        if (batch < 1 || batch > 1_024) {
            throw new IllegalArgumentException("batch must be 1 to 1024, got " + batch);
        }
        if (maxCorpus < 1 || maxFaults < 1 || maxOperations < 1 || maxMutations < 1 || maxFindingsKept < 1) {
            throw new IllegalArgumentException("corpus, plan, mutation and findings limits must be positive");
        }
        if (freshPerMille < 0 || freshPerMille > 1_000) {
            throw new IllegalArgumentException("freshPerMille must be 0 to 1000, got " + freshPerMille);
        }
    }

    /** These limits with another share of fresh plans (1000: every candidate fresh, the baseline of a plain sweep). */
    public ExploreLimits withFreshPerMille(int perMille) {
        return new ExploreLimits(batch, maxCorpus, maxFaults, maxOperations, maxMutations, perMille, maxFindingsKept);
    }

    public ExploreLimits withBatch(int size) {
        return new ExploreLimits(
                size, maxCorpus, maxFaults, maxOperations, maxMutations, freshPerMille, maxFindingsKept);
    }
}
