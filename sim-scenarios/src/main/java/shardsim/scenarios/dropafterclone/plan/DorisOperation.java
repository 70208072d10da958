package shardsim.scenarios.dropafterclone.plan;

import shardsim.core.workload.Operation;
import shardsim.scenarios.dropafterclone.model.DorisCluster;

/** The scenario's workload steps, performed by {@link DorisCluster#perform}. */
public sealed interface DorisOperation extends Operation {
    /**
     * The TabletScheduler's balancer picks {@code tabletId} to move to {@code destBackend}: it adds
     * a CLONE replica there and sends the CLONE agent task (Doris logs it as "add clone task to
     * agent task queue"). Skipped with a note when the tablet or the backend is not in this world;
     * skipped by the FE itself when the move cannot be scheduled (a move of the tablet is running,
     * the destination already holds a replica, the FE is down).
     */
    record Balance(long tabletId, String destBackend) implements DorisOperation {
        public Balance {
            if (destBackend == null) {
                throw new IllegalArgumentException("a balance move needs a destination backend");
            }
        }
    }
}
