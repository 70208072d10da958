package shardsim.scenarios.dropafterclone;

/**
 * A replica in the FE's catalog.
 *
 * @param replicaId unique, from the FE's one increasing generator
 * @param backend the BE node that should hold the copy
 * @param state CLONE while the balancer is copying it there, NORMAL once the clone finished
 */
public record Replica(long replicaId, String backend, State state) {
    public enum State { CLONE, NORMAL }

    public Replica withState(State s) {
        return new Replica(replicaId, backend, s);
    }
}
