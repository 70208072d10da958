package shardsim.scenarios.dropafterclone.checks;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import shardsim.core.blocks.Samples;
import shardsim.core.check.Invariant;
import shardsim.core.check.Rule;
import shardsim.core.sim.Simulation;
import shardsim.scenarios.dropafterclone.model.Backend;
import shardsim.scenarios.dropafterclone.model.Catalog;
import shardsim.scenarios.dropafterclone.model.DorisCluster;
import shardsim.scenarios.dropafterclone.model.LocalTablet;
import shardsim.scenarios.dropafterclone.model.Replica;
import shardsim.scenarios.dropafterclone.model.TabletMeta;

/**
 * The checks, all observers reading state from outside the nodes.
 *
 * <ul>
 *   <li>D1 after every event: each copy that disappeared from a BE's disk in the event (by any
 *       code path) is judged against the FE's catalog ({@link CopyObserver}).</li>
 *   <li>D13, the residual gap, right after D1: such a delete D1 excused, by a DROP carrying the
 *       id of the NORMAL replica the catalog places on that BE, every DROP of that id having been
 *       decided while the FE's catalog placed no replica of the tablet there ({@link SentDrops}):
 *       the FE took the copy back, from a later tablet report, after it decided the DROP.</li>
 *   <li>D2 at all times, after every event: every tablet has a copy on some BE (O(1)).</li>
 *   <li>D2 at quiescence, when the run finishes: every NORMAL catalog replica, bad or not, has a
 *       copy on its BE.</li>
 *   <li>D3, sampled through the quiet tail: a copy the catalog does not place on its BE is gone
 *       within three report intervals of becoming unreferenced (or of the tail's start, since
 *       faults may legitimately hold it up before).</li>
 *   <li>D4 after every event (cheap unless the FE's moves changed): a balance move started and
 *       carried out with no fault in force finishes within the clone timeout, or is cancelled
 *       only when a lossy link lost a message while it ran ({@link MoveProgress} defines "no fault
 *       in force").</li>
 *   <li>D5 after every event (cheap unless the FE's disk or incarnation changed): when an FE
 *       incarnation recovers, its catalog is the one it stopped with less the CLONE replicas of
 *       the moves that died with it ({@link CatalogRecovery}).</li>
 *   <li>D6 after every event (cheap unless the catalog changed): a tablet's catalog replicas sit
 *       on distinct BEs ({@link DistinctBackends}).</li>
 *   <li>D7 after every event while the FE runs (cheap unless the catalog or the moves changed):
 *       every CLONE replica belongs to a balance move the FE runs ({@link CloneOwnership}).</li>
 *   <li>D8 after every event (cheap unless the FE's disk changed): the FE sets a replica bad, or
 *       deletes a NORMAL one from its catalog on a tablet report, only when its BE holds no copy;
 *       D9, the residual gap, right after it: such a loss excused because a clone finish carrying
 *       the BE's raised report version has not reached the running FE ({@link ReportedLoss}). Both
 *       are judged while the FE and that BE run a build of the fix.</li>
 *   <li>D10 after every event (cheap unless the catalog changed): a NORMAL replica enters a tablet
 *       under a new id (a reported copy adopted) only while the tablet is short of alive replicas
 *       ({@link ReportAdoption}).</li>
 *   <li>D11 after every event (cheap unless the catalog or the moves changed): a balance move's
 *       finish takes its source replica out of the catalog, so the tablet gains no alive replica
 *       ({@link BalanceFinish}).</li>
 *   <li>D12 after every event (cheap until a report falls due): a running BE sends its tablet report
 *       once per tablet-report interval and its task report once per task-report interval
 *       ({@link ReportCadence}).</li>
 * </ul>
 */
public final class DorisChecks {
    public static final Rule D1 =
            new Rule("D1", "no BE deletes a tablet copy that the catalog references at that moment (unless D13)");
    public static final Rule D2 = new Rule(
            "D2",
            "every tablet has a whole copy at all times; at quiescence every NORMAL replica has its copy on its BE");
    public static final Rule D3 = new Rule(
            "D3", "a copy the catalog does not reference is deleted within three report intervals (quiet tail)");
    public static final Rule D4 = new Rule(
            "D4",
            "a balance move started with no fault in force finishes (its CLONE replica becomes NORMAL) within the clone timeout");
    public static final Rule D5 = new Rule(
            "D5",
            "the FE's catalog survives a restart: it recovers every NORMAL replica it held when it stopped, and no CLONE replica of a move that died with it");
    public static final Rule D6 = new Rule("D6", "a tablet's catalog replicas sit on distinct BEs");
    public static final Rule D7 = new Rule(
            "D7",
            "every CLONE replica in the catalog belongs to a balance move the FE runs: a cancelled or timed-out move leaves none");
    public static final Rule D8 = new Rule(
            "D8",
            "the FE of the fix sets a replica bad, or deletes a NORMAL replica from its catalog on a tablet report, only when its BE (of the fix too) holds no copy of the tablet (unless D9)");
    public static final Rule D9 = new Rule(
            "D9",
            "residual gap: the FE sets a replica bad or deletes it on a stale tablet report while its BE holds the copy, because a clone finish carrying the BE's raised report version did not reach the running FE");
    public static final Rule D10 = new Rule(
            "D10",
            "a reported copy enters the catalog as a NORMAL replica only while its tablet has fewer alive replicas than its replication number");
    public static final Rule D11 = new Rule(
            "D11",
            "a balance move's finish takes its source replica out of the catalog: the tablet has no more alive replicas after it than before");
    public static final Rule D12 = new Rule(
            "D12",
            "a running BE sends a tablet report at least once per tablet-report interval and a task report at least once per task-report interval");
    public static final Rule D13 = new Rule(
            "D13",
            "residual gap: a DROP deletes a NORMAL replica's copy because the FE took the copy back into its catalog, from a later tablet report and under the replica id the DROP carries, after it sent the DROP");
    /**
     * The invariants, declared once. D8 as first drafted ("the FE sets a replica bad only when its
     * BE holds no copy") does not hold in the fixed mode (random seed 3356: a full clone's finish,
     * which carries its report version, is lost; the resent CLONE runs as an incremental clone, whose
     * finish carries none; a tablet report taken before the first clone then sets the new only
     * replica bad), nor in Doris with the fix: D9 is that gap, a residual gap that judges nothing.
     * No rule says "at quiescence every tablet has exactly its replication number of alive
     * replicas": it fails fixed swarm seeds 29168 and 38292 (a replica deleted from the catalog
     * mid-move by a report and a copy re-adopted leave two alive replicas for one; Doris's
     * TabletChecker would find the tablet REDUNDANT ({@code Tablet.getHealthStatusWithPriority}) and
     * its TabletScheduler delete one ({@code handleRedundantReplica}, incubator-doris fae3eff2), a
     * repair the model does not model). D10 and D11 instead judge the two steps that may add an
     * alive replica, each against Doris's contract for that step: a report's adoption
     * ({@code ReportHandler.addReplica}, "replica is enough") and a balance move's finish (the
     * source leaves as the redundant replica).
     */
    public static final List<Rule> INVARIANTS = List.of(D1, D2, D3, D4, D5, D6, D7, D8, D9, D10, D11, D12, D13);
    /** The checks of the model's own bookkeeping (see {@code DropAfterCloneScenario.modelChecks}). */
    public static final List<Rule> MODEL_CHECKS = List.of(D5, D6, D7, D11, D12);

    private final DorisCluster cluster;
    /** The checks' view of the copies on the BEs (D1, D2, D13). */
    private final CopyObserver copies;

    private final long reportIntervalMicros;
    /** Since when each unreferenced copy ("backend/tablet") has been seen. */
    private final TreeMap<String, Long> unreferencedSince = new TreeMap<>();

    private boolean d2Reported;
    private ReportedLoss reportedLoss;
    private SentDrops sentDrops;

    private DorisChecks(DorisCluster cluster, long reportIntervalMicros) {
        this.cluster = cluster;
        this.copies = new CopyObserver(cluster.sim().view(), DorisCluster.FE, cluster.backends());
        this.reportIntervalMicros = reportIntervalMicros;
    }

    /**
     * Registers the checks. D3 is sampled every {@code sampleMicros} from {@code tailStartMicros}
     * to {@code endMicros}.
     */
    public static DorisChecks register(
            DorisCluster cluster, long reportIntervalMicros, long tailStartMicros, long endMicros, long sampleMicros) {
        DorisChecks c = new DorisChecks(cluster, reportIntervalMicros);
        Simulation sim = cluster.sim();
        for (long tabletId : cluster.tablets()) {
            c.copies.track(tabletId);
        }
        // D1 first: it reads the disks that changed in this event, and D2 reads the counts it updated.
        sim.checks().invariant(Invariant.of(D1, c.copies::d1));
        // D13 right after D1: the delete D1 excused in the same event (a DROP of a copy the FE took back after sending
        // it).
        SentDrops drops = new SentDrops(sim);
        sim.checks().observe(drops);
        c.sentDrops = drops;
        c.copies.judgeDropsBy(drops);
        sim.checks().invariant(Invariant.of(D13, c.copies::d13));
        sim.checks().invariant(Invariant.of(D2, c::d2AtAllTimes));
        sim.checks().validation(Invariant.of(D2, c::d2AtQuiescence));
        sim.checks().invariant(Invariant.of(D4, new MoveProgress(cluster, cluster.config())::check));
        sim.checks().invariant(Invariant.of(D5, new CatalogRecovery(sim.view())::check));
        // D6 and D7 after D1-D5, so an event that breaks an older rule is still reported under it.
        sim.checks().invariant(Invariant.of(D6, new DistinctBackends(sim.view())::check));
        sim.checks().invariant(Invariant.of(D7, new CloneOwnership(sim.view())::check));
        // D8 then D9, which reports what D8 excused in the same event.
        // D8-D11 judge steps of the catalog from one shared view of it.
        CatalogView view = new CatalogView(sim.view());
        ReportedLoss loss = new ReportedLoss(sim.view(), view, cluster::runs);
        sim.checks().observe(loss);
        sim.checks().invariant(Invariant.of(D8, loss::check));
        sim.checks().invariant(Invariant.of(D9, loss::gap));
        c.reportedLoss = loss;
        // D10 and D11 after D1-D9 likewise.
        sim.checks().invariant(Invariant.of(D10, new ReportAdoption(view)::check));
        sim.checks().invariant(Invariant.of(D11, new BalanceFinish(view)::check));
        // D12 last: the BEs' report cadence (ReportCadence).
        ReportCadence cadence = new ReportCadence(
                sim.view(),
                cluster.backends(),
                cluster.config().reportIntervalMicros(),
                cluster.config().taskReportIntervalMicros());
        sim.checks().observe(cadence);
        sim.checks().invariant(Invariant.of(D12, cadence::check));
        new Samples(tailStartMicros, endMicros, sampleMicros)
                .schedule(sim, "D3 sample", () -> c.sampleD3(tailStartMicros));
        return c;
    }

    /** The checks' view of the copies on the BEs. */
    public CopyObserver copies() {
        return copies;
    }

    /** The D13 observer of the DROPs the FE sent, for tests. */
    SentDrops sentDrops() {
        return sentDrops;
    }

    /** The D8/D9 observer, for tests. */
    ReportedLoss reportedLoss() {
        return reportedLoss;
    }

    private String d2AtAllTimes() {
        if (d2Reported) {
            return null;
        }
        String problem = copies.everyTabletHasACopy();
        d2Reported = problem != null;
        return problem;
    }

    String d2AtQuiescence() {
        Simulation sim = cluster.sim();
        for (TabletMeta meta : Catalog.tablets(sim.nodes().disk(DorisCluster.FE))) {
            for (Replica r : meta.replicas()) {
                if (r.state() != Replica.State.NORMAL) {
                    continue;
                }
                LocalTablet copy = Backend.tablet(sim.nodes().disk(r.backend()), meta.tabletId());
                if (copy == null) {
                    return "at quiescence tablet " + meta.tabletId() + " replica " + r.replicaId()
                            + " is NORMAL in the catalog but " + r.backend() + " has no copy";
                }
            }
        }
        return null;
    }

    private void sampleD3(long tailStartMicros) {
        Simulation sim = cluster.sim();
        TreeMap<Long, TabletMeta> catalog = new TreeMap<>();
        for (TabletMeta m : Catalog.tablets(sim.nodes().disk(DorisCluster.FE))) {
            catalog.put(m.tabletId(), m);
        }
        TreeMap<String, Long> seen = new TreeMap<>();
        for (String be : cluster.backends()) {
            for (LocalTablet copy : Backend.tablets(sim.nodes().disk(be))) {
                TabletMeta meta = catalog.get(copy.tabletId());
                if (meta != null && meta.replicaOn(be) != null) {
                    continue;
                }
                String key = be + "/" + copy.tabletId();
                Long since = unreferencedSince.get(key);
                seen.put(key, since == null ? sim.now() : since);
            }
        }
        unreferencedSince.clear();
        unreferencedSince.putAll(seen);
        long limit = 3 * reportIntervalMicros;
        for (Map.Entry<String, Long> e : unreferencedSince.entrySet()) {
            long from = Math.max(e.getValue(), tailStartMicros);
            if (sim.now() - from > limit) {
                sim.checks()
                        .violation(
                                D3,
                                "copy " + e.getKey() + " unreferenced by the catalog since t="
                                        + shardsim.core.trace.Micros.format(e.getValue())
                                        + " is still on its BE more than three report intervals later");
                return;
            }
        }
    }
}
