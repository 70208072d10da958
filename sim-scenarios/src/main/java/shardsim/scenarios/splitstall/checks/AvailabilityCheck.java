package shardsim.scenarios.splitstall.checks;

import java.util.List;
import shardsim.core.check.Invariant;
import shardsim.core.check.SimView;
import shardsim.core.fault.End;
import shardsim.core.fault.Fault;
import shardsim.core.fault.NetFault;
import shardsim.core.fault.NodeFault;
import shardsim.core.node.Envelope;
import shardsim.core.sim.RunObserver;
import shardsim.core.trace.Micros;
import shardsim.core.trace.TraceData;
import shardsim.scenarios.splitstall.model.RaftMessage;
import shardsim.scenarios.splitstall.model.RaftReplica;
import shardsim.scenarios.splitstall.model.Store;
import shardsim.scenarios.splitstall.plan.SplitFaults;
import shardsim.scenarios.splitstall.plan.StoreConfig;

/**
 * U12, Raft's availability during faults: a region of three replicas must keep a leader, and that
 * leader must commit, whenever two of its stores are up and can reach each other both ways. The
 * check learns what the faults allow from the faults themselves (a {@link RunObserver}: partitions,
 * clogs, crashes, restarts and code changes, leader transfers) and reads the replicas from outside
 * every {@value #SAMPLE_MICROS} us. A region is <em>available</em> from the latest of: the moment
 * its earliest still-healthy pair of stores became healthy (both up, no partition or clog between
 * them) and its last leader transfer. While available, it fails when
 * <ul>
 *   <li>the region has had no live leader for {@code W} (three longest election timeouts and two
 *       heartbeats: a pre-vote round and a vote round, a split vote, and the append that tells the
 *       others) plus one longest election timeout for each of the region's election messages
 *       (pre-vote and vote requests and answers) the links lost in that time, at most
 *       {@value #LOST_VOTES_KEPT}: a lost vote costs its candidate a timeout before it tries again,
 *       so a few losses in a row at 2% loss outlast a fixed {@code W} (split-stall fixed targeted
 *       seeds 45966 and 92913, random 53093: each a region whose votes were lost, leaderless a little
 *       past {@code W}), or
 *   <li>the same leader (store and term) has led for {@code W} since a mark and not committed the
 *       entries its log held at the mark (with check quorum, a leader cut off from both others steps
 *       down within two election timeouts, so one that still leads has a quorum). The mark is taken
 *       when the window first sees the leader, and moved to the leader's last index of the moment
 *       each time it has committed what the mark held, so every entry it appends is judged, not only
 *       those of its first sample: a leader that commits an entry only once a later one follows
 *       (a quorum count off by one) leaves a quiet region's last entry uncommitted, which a burst of
 *       writes hides from a mark taken once.
 * </ul>
 * Duplication and delay on the links are not faults here: Raft must ride them out, and so it must a
 * little loss; a run whose links lose more than {@value #MAX_LOSS} of messages (some swarm draws lose
 * a fifth) is not judged, since enough lost votes in a row can keep any Raft leaderless for as long as
 * they last.
 */
public final class AvailabilityCheck implements Invariant, RunObserver {
    static final long SAMPLE_MICROS = 100_000;
    /** The most loss on the run's links (its {@code link.loss} parameter) under which U12 is judged. */
    static final double MAX_LOSS = 0.05;

    /**
     * At most this many lost election messages extend a region's deadline (the latest ones count): at
     * 2% loss three in one election are about one run in 100,000; more than four is a link that lost
     * far more than its parameter says, which a fixed Raft need not ride out.
     */
    static final int LOST_VOTES_KEPT = 4;

    private final SimView sim;
    private final List<String> stores;
    private final List<Long> regionIds;
    private final long windowMicros;
    private final long electionMaxMicros;
    private final SampleGate gate;

    /** Per ordered pair: partitions in force (two-way and one-way), and until when a clog holds the link. */
    private final int[][] cuts;

    private final long[][] cutEndedMicros;
    private final long[] upSinceMicros;
    private final boolean[] down;
    private final long[] transferMicros;

    /** Per region: since when it has been leaderless while available; the leader being watched and its mark. */
    private final long[] leaderlessSince;

    /** Per region: when the links lost its latest election messages (a ring), and how many in all. */
    private final long[][] lostVoteMicros;

    private final int[] lostVotes;

    private final int[] markStore;
    private final long[] markTerm;
    private final long[] markMicros;
    private final long[] markIndex;

    public AvailabilityCheck(SimView sim, List<String> stores, List<Long> regionIds, StoreConfig cfg) {
        this.sim = sim;
        this.stores = List.copyOf(stores);
        this.regionIds = List.copyOf(regionIds);
        this.windowMicros = 3 * cfg.electionMaxMicros() + 2 * cfg.heartbeatMicros();
        this.electionMaxMicros = cfg.electionMaxMicros();
        this.gate = new SampleGate(SAMPLE_MICROS, 0);
        int n = stores.size();
        cuts = new int[n][n];
        cutEndedMicros = new long[n][n];
        upSinceMicros = new long[n];
        down = new boolean[n];
        transferMicros = new long[regionIds.size()];
        java.util.Arrays.fill(transferMicros, Long.MIN_VALUE / 4);
        leaderlessSince = new long[regionIds.size()];
        java.util.Arrays.fill(leaderlessSince, -1);
        lostVoteMicros = new long[regionIds.size()][LOST_VOTES_KEPT];
        lostVotes = new int[regionIds.size()];
        markStore = new int[regionIds.size()];
        java.util.Arrays.fill(markStore, -1);
        markTerm = new long[regionIds.size()];
        markMicros = new long[regionIds.size()];
        markIndex = new long[regionIds.size()];
    }

    @Override
    public String name() {
        return SplitChecks.U12.name();
    }

    // ---- what the faults allow (observer) --------------------------------------------------------

    @Override
    public void faultApplied(Fault fault) {
        boolean starts = !(fault instanceof End);
        Fault f = starts ? fault : ((End) fault).start();
        long now = sim.now();
        if (f instanceof NetFault.Partition p) {
            cut(p.a(), p.b(), starts, now);
            cut(p.b(), p.a(), starts, now);
        } else if (f instanceof NetFault.PartitionOneWay p) {
            cut(p.from(), p.to(), starts, now);
        } else if (f instanceof NetFault.Clog c) {
            clog(c.a(), c.b(), now + c.durationMicros());
            clog(c.b(), c.a(), now + c.durationMicros());
        } else if (f instanceof NetFault.SetLink l) {
            // another link policy for good: this pair is never judged again
            clog(l.from(), l.to(), Long.MAX_VALUE / 4);
            clog(l.to(), l.from(), Long.MAX_VALUE / 4);
        } else if (f instanceof NodeFault.Crash c) {
            int i = stores.indexOf(c.node());
            if (i >= 0) {
                down[i] = true;
            }
        } else if (f instanceof NodeFault.Restart || f instanceof NodeFault.CodeChange) {
            int i = stores.indexOf(((NodeFault) f).node());
            if (i >= 0) {
                down[i] = false;
                upSinceMicros[i] = now;
            }
        } else if (f instanceof SplitFaults.TransferLeader t) {
            int r = regionIds.indexOf(t.regionId());
            if (r >= 0) {
                transferMicros[r] = now;
            }
        }
    }

    /** A pre-vote or vote, asked or answered, that the link lost (partitions and crashes count as faults above). */
    @Override
    public void dropped(Envelope env, TraceData.Loss why) {
        if (why != TraceData.Loss.LOST && why != TraceData.Loss.LINK_FULL) {
            return;
        }
        if (!(env.message() instanceof RaftMessage.RequestVote || env.message() instanceof RaftMessage.Vote)) {
            return;
        }
        int r = regionIds.indexOf(((RaftMessage) env.message()).regionId());
        if (r >= 0) {
            lostVoteMicros[r][lostVotes[r] % LOST_VOTES_KEPT] = sim.now();
            lostVotes[r]++;
        }
    }

    /** How many of region r's latest lost election messages the links lost at or after {@code fromMicros}. */
    private int lostVotesSince(int r, long fromMicros) {
        int n = 0;
        for (int k = 0; k < Math.min(lostVotes[r], LOST_VOTES_KEPT); k++) {
            if (lostVoteMicros[r][k] >= fromMicros) {
                n++;
            }
        }
        return n;
    }

    private void cut(String from, String to, boolean starts, long now) {
        int i = stores.indexOf(from);
        int j = stores.indexOf(to);
        if (i < 0 || j < 0) {
            return;
        }
        cuts[i][j] += starts ? 1 : -1;
        cutEndedMicros[i][j] = Math.max(cutEndedMicros[i][j], now);
    }

    private void clog(String from, String to, long untilMicros) {
        int i = stores.indexOf(from);
        int j = stores.indexOf(to);
        if (i >= 0 && j >= 0) {
            cutEndedMicros[i][j] = Math.max(cutEndedMicros[i][j], untilMicros);
        }
    }

    /** Since when stores i and j have both been up and connected both ways, or -1 when they are not now. */
    private long healthySince(int i, int j, long now) {
        if (down[i]
                || down[j]
                || !sim.isUp(stores.get(i))
                || !sim.isUp(stores.get(j))
                || cuts[i][j] > 0
                || cuts[j][i] > 0
                || cutEndedMicros[i][j] > now
                || cutEndedMicros[j][i] > now) {
            return -1;
        }
        return Math.max(
                Math.max(upSinceMicros[i], upSinceMicros[j]), Math.max(cutEndedMicros[i][j], cutEndedMicros[j][i]));
    }

    /** Since when region r has been available (a healthy pair, no leader transfer since), or -1. */
    private long availableSince(int r, long now) {
        long best = -1;
        for (int i = 0; i < stores.size(); i++) {
            for (int j = i + 1; j < stores.size(); j++) {
                long since = healthySince(i, j, now);
                if (since >= 0 && (best < 0 || since < best)) {
                    best = since;
                }
            }
        }
        return best < 0 ? -1 : Math.max(best, transferMicros[r]);
    }

    // ---- the judgement ---------------------------------------------------------------------------

    @Override
    public String check() {
        long now = sim.now();
        if (!gate.due(now)) {
            return null;
        }
        if (!judged()) {
            gate.reported();
            return null;
        }
        for (int r = 0; r < regionIds.size(); r++) {
            String problem = judge(r, now);
            if (problem != null) {
                gate.reported();
                return problem;
            }
        }
        return null;
    }

    /** Whether the run's links lose little enough for U12 to judge it (read once, from the run's parameters). */
    private boolean judged() {
        String loss = sim.params().get("link.loss");
        if (loss == null) {
            return true;
        }
        try {
            return Double.parseDouble(loss) <= MAX_LOSS;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private String judge(int r, long now) {
        long region = regionIds.get(r);
        long since = availableSince(r, now);
        int leader = -1;
        RaftReplica lead = null;
        for (int s = 0; s < stores.size(); s++) {
            Store st = sim.node(stores.get(s), Store.class);
            if (st != null) {
                RaftReplica p = st.peer(region).raft();
                if (p.isLeader() && (lead == null || p.term() > lead.term())) {
                    lead = p;
                    leader = s;
                }
            }
        }
        if (since < 0) {
            leaderlessSince[r] = -1;
            markStore[r] = -1;
            return null;
        }
        if (lead == null) {
            markStore[r] = -1;
            if (leaderlessSince[r] < 0) {
                leaderlessSince[r] = now;
            }
            long from = Math.max(leaderlessSince[r], since);
            int lost = lostVotesSince(r, from);
            if (now - from >= windowMicros + lost * electionMaxMicros) {
                return "region " + region + " has had no leader since t=" + Micros.format(from) + " ("
                        + Micros.format(now - from) + ", " + lost
                        + " of its election messages lost) while two of its stores have been up and connected both ways";
            }
            return null;
        }
        leaderlessSince[r] = -1;
        if (markStore[r] != leader || markTerm[r] != lead.term() || markMicros[r] < since) {
            markStore[r] = leader;
            markTerm[r] = lead.term();
            markMicros[r] = Math.max(now, since);
            markIndex[r] = lead.lastIndex();
            return null;
        }
        if (lead.commitIndex() >= markIndex[r]) {
            // all the mark held is committed: judge what the leader holds now, from now
            markMicros[r] = now;
            markIndex[r] = lead.lastIndex();
            return null;
        }
        if (now - markMicros[r] >= windowMicros) {
            return "region " + region + ": leader " + stores.get(leader) + " (term " + lead.term()
                    + ") held entries up to " + markIndex[r] + " at t="
                    + Micros.format(markMicros[r]) + " and has committed only up to " + lead.commitIndex() + " by t="
                    + Micros.format(now)
                    + ", while two of the region's stores have been up and connected both ways";
        }
        return null;
    }
}
