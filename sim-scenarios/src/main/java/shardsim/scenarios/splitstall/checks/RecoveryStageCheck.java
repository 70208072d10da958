package shardsim.scenarios.splitstall.checks;

import java.util.List;
import java.util.Optional;
import shardsim.core.check.Invariant;
import shardsim.core.check.SimView;
import shardsim.core.worker.TaskView;
import shardsim.scenarios.splitstall.model.RecoverSplitTask;
import shardsim.scenarios.splitstall.model.SplitStage;
import shardsim.scenarios.splitstall.model.Store;

/**
 * U5: the region worker never handles a split recovery queued in stage PRE_SPLIT. #615 (9879ec2,
 * worker.go handleRecoverSplit) turns that case into a panic, "the region worker will be blocked";
 * here it is a check that reads the task holding each store's region worker, so the sweep records
 * it as a violation instead of dying.
 */
public final class RecoveryStageCheck implements Invariant {
    private final SimView sim;
    private final List<String> stores;

    public RecoveryStageCheck(SimView sim, List<String> stores) {
        this.sim = sim;
        this.stores = List.copyOf(stores);
    }

    @Override
    public String name() {
        return SplitChecks.U5.name();
    }

    @Override
    public String check() {
        for (String name : stores) {
            Store store = (Store) sim.node(name);
            if (store == null || store.preSplitRecoveriesQueued() == 0) {
                continue;
            }
            Optional<TaskView> cur = store.regionWorker().current();
            if (cur.isPresent() && cur.get().tag() instanceof RecoverSplitTask r && r.stage() == SplitStage.PRE_SPLIT) {
                return name + "/" + Store.REGION_WORKER + ": '" + cur.get().name()
                        + "' is handled in stage PRE_SPLIT, where #615 panics"
                        + " (\"the region worker will be blocked\")";
            }
        }
        return null;
    }
}
