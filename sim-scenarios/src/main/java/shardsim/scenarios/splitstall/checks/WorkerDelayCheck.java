package shardsim.scenarios.splitstall.checks;

import java.util.List;
import java.util.Optional;
import shardsim.core.check.Invariant;
import shardsim.core.check.SimView;
import shardsim.core.trace.Micros;
import shardsim.core.worker.TaskView;
import shardsim.core.worker.WorkerQueue;
import shardsim.scenarios.splitstall.model.Store;

/**
 * U2: every region-worker task starts within {@code boundMicros} of being queued. Checked on the
 * task holding the worker (how long it waited to start) and, once that task has held the worker
 * longer than the bound, on the task next in line. It looks at most once per
 * {@link #SAMPLE_MICROS} of virtual time, so a breach is reported at most that late. A task held
 * for a submitter blocked on the full queue counts from when its submitter blocked, and the report
 * gives the pile-up: how many tasks are queued, how many held, and which workers are blocked.
 */
public final class WorkerDelayCheck implements Invariant {
    private final SimView sim;
    private final List<String> stores;
    private final long boundMicros;
    static final long SAMPLE_MICROS = 50_000;
    private final SampleGate gate = new SampleGate(SAMPLE_MICROS, 0);

    public WorkerDelayCheck(SimView sim, List<String> stores, long boundMicros) {
        this.sim = sim;
        this.stores = List.copyOf(stores);
        this.boundMicros = boundMicros;
    }

    private static String pileUp(Store store, List<TaskView> held) {
        if (held.isEmpty()) {
            return "";
        }
        Optional<String> on = store.applier().blockedOn();
        return ", " + held.size() + " more held for blocked submitters ("
                + held.get(0).submitter() + " blocked since t="
                + Micros.format(held.get(0).queuedAtMicros())
                + (on.isPresent() ? ", " + store.applier().queued().size() + " applier tasks behind it" : "") + ")";
    }

    @Override
    public String name() {
        return SplitChecks.U2.name();
    }

    @Override
    public String check() {
        long now = sim.now();
        if (!gate.due(now)) {
            return null;
        }
        for (int s = 0; s < stores.size(); s++) {
            Store store = (Store) sim.node(stores.get(s));
            if (store == null) {
                continue;
            }
            WorkerQueue worker = store.regionWorker();
            Optional<TaskView> current = worker.current();
            if (current.isEmpty()) {
                continue;
            }
            TaskView c = current.get();
            if (c.startedAtMicros() - c.queuedAtMicros() > boundMicros) {
                gate.reported();
                return stores.get(s) + "/" + Store.REGION_WORKER + ": '" + c.name() + "' started "
                        + Micros.format(c.startedAtMicros() - c.queuedAtMicros()) + " after it was queued (bound "
                        + Micros.format(boundMicros) + ")";
            }
            if (now - c.startedAtMicros() > boundMicros) {
                List<TaskView> queued = worker.queued();
                List<TaskView> held = worker.held();
                TaskView next = !queued.isEmpty() ? queued.get(0) : held.isEmpty() ? null : held.get(0);
                if (next != null && now - next.queuedAtMicros() > boundMicros) {
                    gate.reported();
                    return stores.get(s) + "/" + Store.REGION_WORKER + ": '" + next.name() + "' queued at t="
                            + Micros.format(next.queuedAtMicros())
                            + " has not started after " + Micros.format(now - next.queuedAtMicros()) + " (bound "
                            + Micros.format(boundMicros) + "); '"
                            + c.name() + "' has held the worker since t=" + Micros.format(c.startedAtMicros()) + ", "
                            + queued.size() + " of "
                            + worker.capacity() + " slots queued behind it" + pileUp(store, held);
                }
            }
        }
        return null;
    }
}
