package shardsim.scenarios.splitstall;

import java.util.List;
import java.util.Optional;
import shardsim.core.check.Invariant;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Micros;
import shardsim.core.worker.TaskView;
import shardsim.core.worker.WorkerQueue;

/**
 * U1: a worker never waits on a condition that only tasks queued behind it can satisfy. The engine
 * stage is moved only by the store's own region worker, so a region-worker task that waits for a
 * stage while the task that would set it sits behind it in the same FIFO can never finish.
 * Cost per event: a counter per store in the common case (no task that may wait is queued); the
 * current task when one is; the queue only while the current task waits.
 */
final class WorkerWaitCheck implements Invariant {
    private final Simulation sim;
    private final List<String> stores;
    private boolean reported;

    WorkerWaitCheck(Simulation sim, List<String> stores) {
        this.sim = sim;
        this.stores = List.copyOf(stores);
    }

    @Override
    public String name() {
        return "U1";
    }

    @Override
    public String check() {
        if (reported) {
            return null;
        }
        for (int s = 0; s < stores.size(); s++) {
            Store store = (Store) sim.node(stores.get(s));
            if (store == null || !store.mayWaitOnRegionWorker()) {
                continue;
            }
            WorkerQueue worker = store.regionWorker();
            Optional<TaskView> current = worker.current();
            if (current.isEmpty() || !current.get().waiting() || !(current.get().tag() instanceof WorkerTags.WaitsForStage waits)) {
                continue;
            }
            List<TaskView> queued = worker.queued();
            for (int i = 0; i < queued.size(); i++) {
                TaskView behind = queued.get(i);
                if (behind.tag() instanceof WorkerTags.SetsStage sets && sets.satisfies(waits)) {
                    reported = true;
                    TaskView stuck = current.get();
                    return stores.get(s) + "/" + Store.REGION_WORKER + ": '" + stuck.name() + "' has held the worker since t="
                            + Micros.format(stuck.startedAtMicros()) + " waiting for " + stuck.waitsFor() + " (" + stuck.polls() + " polls); only '"
                            + behind.name() + "', queued at t=" + Micros.format(behind.queuedAtMicros()) + " in place " + (i + 1)
                            + " behind it, can set that";
                }
            }
        }
        return null;
    }
}
