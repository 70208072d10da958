package shardsim.scenarios.dropafterclone.model;

/**
 * A replica in the FE's catalog.
 *
 * @param replicaId unique, from the FE's one increasing generator
 * @param backend the BE node that should hold the copy
 * @param state CLONE while the balancer is copying it there, NORMAL once the clone finished
 * @param bad set by the ReportHandler when a tablet's only replica is missing from its BE's
 *     report (Doris {@code Replica.setBad}); a bad replica is no clone source and does not count
 *     as alive
 */
public record Replica(long replicaId, String backend, State state, boolean bad) {
    public enum State {
        CLONE,
        NORMAL
    }

    public Replica(long replicaId, String backend, State state) {
        this(replicaId, backend, state, false);
    }

    public Replica withState(State s) {
        return new Replica(replicaId, backend, s, bad);
    }

    public Replica asBad() {
        return new Replica(replicaId, backend, state, true);
    }

    /** What Doris's {@code Tablet.getHealthStatusWithPriority} counts as alive (BE liveness aside). */
    public boolean alive() {
        return state == State.NORMAL && !bad;
    }
}
