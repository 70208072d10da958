package shardsim.scenarios.splitstall.checks;

import java.util.List;
import shardsim.core.check.Rule;

/** The invariants of split-stall, declared once; each check raises its violations under one of these. */
public final class SplitChecks {
    public static final Rule U1 = new Rule(
            "U1",
            "no worker waits on a condition that only tasks queued behind it (or behind a worker blocked on it) can make hold");
    public static final Rule U2 = new Rule(
            "U2",
            "every region-worker task starts within 5s of being queued (or of its submitter blocking on the full queue)");
    public static final Rule U3 = new Rule(
            "U3",
            "15s after the last fault, every split started in the first half of that window has finished (the epoch moved)");
    public static final Rule U5 = new Rule(
            "U5", "the region worker never handles a split recovery queued in stage PRE_SPLIT (#615 panics there)");
    public static final Rule U6 = new Rule(
            "U6",
            "once the faults end, every region keeps a leader, which commits what it holds, and every store applies every committed entry"
                    + " (applier and engine)");
    public static final Rule U7 = new Rule(
            "U7",
            "once the faults end, a region whose leader has applied past the split size starts a split within 5 split-check periods");
    public static final Rule U8 = new Rule(
            "U8",
            "a split the size check starts (not a split-checker pick of the workload) starts only with the region's applied size at least the split size");
    public static final Rule U9 = new Rule(
            "U9",
            "a replica acts only on the term and vote its disk holds (what a restart loads); its term never goes back and it never votes for two candidates in one term, across restarts");
    public static final Rule U10 =
            new Rule("U10", "at most one store leads a region in any term, over the whole run (election safety)");
    public static final Rule U11 = new Rule(
            "U11",
            "every replica holds the same entry at each index it knows committed, applies nothing past its commit index, never lowers that index"
                    + " but by a restart, and reloads every entry it knew committed (state machine safety)");
    public static final Rule U12 = new Rule(
            "U12",
            "while two of a region's stores are up and connected both ways, the region has a leader within 3 election timeouts and 2 heartbeats"
                    + " (one more timeout per election message the links lost meanwhile, up to 4),"
                    + " and a leader that keeps leading that long commits what it held at its start, a start taken at each sample where it had committed"
                    + " all it held before (Raft availability, check quorum)");
    public static final Rule U13 = new Rule(
            "U13",
            "15s after the last fault, a split started in the first half of that window has finished when the region's leader still leads"
                    + " in the term it proposed the split's PRE_SPLIT (U3 where no leader change can leave the split behind)");
    public static final Rule U14 = new Rule(
            "U14",
            "15s after the last fault, a split started in the first half of that window has finished when the region's leader took it over in"
                    + " its current term, also in that first half, with the meta past INITIAL and a flush the fix can make (engine at INITIAL, past PRE_SPLIT_FLUSH_DONE,"
                    + " or in PRE_SPLIT with an immutable mem-table to relabel): the new leader recovers it (#615, #643)");
    public static final List<Rule> ALL = List.of(U1, U2, U3, U5, U6, U7, U8, U9, U10, U11, U12, U13, U14);

    private SplitChecks() {}
}
