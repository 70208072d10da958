package shardsim.core.explore;

import java.util.List;
import shardsim.core.coverage.CoverageTally;

/**
 * What an exploration reached and found.
 *
 * @param runs the runs merged
 * @param freshRuns how many of them were fresh plans of the built-in plan
 * @param corpusSize plans kept at the end
 * @param tally the abstract states and transitions reached, with how many runs reached each
 * @param findings the distinct failures, each with its first run, in the order found (at most
 *     {@link ExploreLimits#maxFindingsKept})
 * @param failingRuns every run that failed, counted
 * @param firstFailureRun the first failing run's number, 0 when none failed
 * @param growth the states and transitions reached after each run that reached a new one
 * @param mutations per mutation, in a fixed order: how often it was used and paid off
 * @param stopped whether the caller stopped it before the budget ran out
 */
public record ExploreResult(
        int runs,
        int freshRuns,
        int corpusSize,
        CoverageTally tally,
        List<Finding> findings,
        long failingRuns,
        int firstFailureRun,
        List<Growth> growth,
        List<MutationUse> mutations,
        boolean stopped) {
    public ExploreResult {
        findings = List.copyOf(findings);
        growth = List.copyOf(growth);
        mutations = List.copyOf(mutations);
    }

    /** How often a mutation went into a candidate, and how many of those candidates reached a new state or transition. */
    public record MutationUse(String mutation, long candidates, long reachedNew) {}

    /** Coverage after {@code run}: distinct states and transitions reached so far. */
    public record Growth(int run, int states, int transitions) {}

    public boolean foundFailure() {
        return firstFailureRun > 0;
    }
}
