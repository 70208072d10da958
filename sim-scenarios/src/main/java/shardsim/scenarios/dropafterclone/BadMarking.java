package shardsim.scenarios.dropafterclone;

import java.util.TreeMap;
import shardsim.core.node.Disk;
import shardsim.core.sim.Simulation;

/**
 * D8, after every event (cheap unless the FE's disk changed), judged at the moment a flag changes:
 * the FE sets a replica bad only when its BE holds no copy of the tablet then. A replica that
 * turns bad (or enters the catalog bad) is compared with its BE's disk in the event that set it;
 * an FE event changes no BE disk, so that is the disk the FE's decision saw. A copy on a BE's
 * disk is always whole: a clone's result is written at once.
 *
 * <p>What Doris does: {@code ReportHandler.deleteFromMeta} sets a tablet's only replica bad
 * ("has only one replica ... and it is lost, set it as bad") when the BE's report lacks it, and
 * skips the tablet when the report is older than the BE's current report version ("check report
 * version again", incubator-doris fae3eff2 and apache/doris 6f81efb5). With the fix a finished
 * clone raises that version ({@code MasterImpl.finishClone}, {@code request.isSetReportVersion()},
 * apache/doris 12456d76), so a report taken before a clone reached the BE cannot mark the copy
 * the clone wrote as lost. A bad replica is no clone source and counts as not alive
 * ({@code Tablet.getHealthStatusWithPriority}), so a wrong flag makes the FE treat a live copy as
 * lost. D2 at quiescence asks only that a NORMAL replica, bad or not, has its copy.
 *
 * <p>Judged while the FE runs a build of the fix (every row of the mode table but {@code buggy};
 * in a simulation built without the run skeleton, always): an FE before it takes no report version
 * from a clone's finish (incubator-doris fae3eff2 {@code MasterImpl.finishClone}), so there a stale
 * report does set a present copy bad, which is part of the bug the report describes. A flag set
 * under the old code is remembered, not judged later.
 */
final class BadMarking {
    private final Simulation sim;
    private Disk disk;
    private long seenVersion = Long.MIN_VALUE;
    /** The bad flag of each replica as last read, by replica id. */
    private TreeMap<Long, Boolean> badById = new TreeMap<>();
    private boolean reported;

    BadMarking(Simulation sim) {
        this.sim = sim;
    }

    String check() {
        if (disk == null) {
            disk = sim.disk(Cluster.FE);
        }
        long v = disk.version();
        if (reported || v == seenVersion) {
            return null;
        }
        seenVersion = v;
        String code = sim.codeOf(Cluster.FE);
        boolean judged = Simulation.NO_CODE.equals(code) || Fence.forMode(code).replicaIdFields();
        TreeMap<Long, Boolean> now = new TreeMap<>();
        String problem = null;
        for (TabletMeta meta : Catalog.tablets(disk)) {
            for (Replica r : meta.replicas()) {
                now.put(r.replicaId(), r.bad());
                if (judged && problem == null && r.bad() && !Boolean.TRUE.equals(badById.get(r.replicaId()))) {
                    problem = judge(meta.tabletId(), r, Backend.tablet(sim.disk(r.backend()), meta.tabletId()));
                }
            }
        }
        badById = now;
        reported = problem != null;
        return problem;
    }

    /** Null unless {@code copy} (the BE's copy of the tablet, or null) shows that {@code r}, just set bad, is not lost. */
    static String judge(long tabletId, Replica r, LocalTablet copy) {
        if (copy == null) {
            return null;
        }
        return "the FE set replica " + r.replicaId() + " of tablet " + tabletId + " on " + r.backend() + " bad, but " + r.backend()
                + " holds a copy of the tablet (replica id " + copy.replicaId() + ")";
    }
}
