package shardsim.scenarios.dropafterclone.checks;

import java.util.List;
import java.util.TreeMap;
import shardsim.core.check.SimView;
import shardsim.core.node.Envelope;
import shardsim.core.sim.RunObserver;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.TabletReport;
import shardsim.scenarios.dropafterclone.model.AgentProtocol.TaskReport;
import shardsim.scenarios.dropafterclone.model.Backend;

/**
 * D12, after every event (cheap until the earliest report falls due): a running BE sends its tablet
 * report at least once per tablet-report interval and its task report at least once per
 * task-report interval, counted from its last report of that kind or, for a new incarnation, from
 * when the check first saw it run.
 *
 * <p>What Doris does (incubator-doris fae3eff2, be/src/agent/task_worker_pool.cpp):
 * {@code _report_tablet_worker_thread_callback} waits at most {@code report_tablet_interval_seconds}
 * (60 s) between tablet reports ("wait at most report_tablet_interval_seconds, or being notified"),
 * and {@code _report_task_worker_thread_callback} sleeps {@code report_task_interval_seconds} (10 s)
 * between task reports. Both run as long as the BE process does. The FE's view of a BE's tablets and
 * tasks rests on that cadence: a lost CLONE is resent from the next task report, and D3's bound on an
 * unreferenced copy is three tablet-report intervals.
 *
 * <p>Read from outside: the reports a BE hands to the network (the kernel's {@link RunObserver}: a
 * report counts when sent, whatever the link then does with it) and which BE incarnation runs. A
 * BE that is down owes nothing; a restarted one gets a full interval from the moment the check
 * first sees it (at most one event after its start, so the bound is never tighter than Doris's).
 * Node clocks do not matter: the model schedules reports with timers, and a clock skew can only
 * shorten the wait before the next one.
 */
final class ReportCadence implements RunObserver {
    private final SimView sim;
    private final List<String> backends;
    private final long tabletIntervalMicros;
    private final long taskIntervalMicros;
    /** The incarnation each running BE had when last looked at. */
    private final TreeMap<String, Backend> running = new TreeMap<>();

    private final TreeMap<String, Long> lastTabletReport = new TreeMap<>();
    private final TreeMap<String, Long> lastTaskReport = new TreeMap<>();
    /** No report can be overdue before this time: until then {@link #check()} returns at once. */
    private long quietUntilMicros = Long.MIN_VALUE;

    private boolean reported;

    ReportCadence(SimView sim, List<String> backends, long tabletIntervalMicros, long taskIntervalMicros) {
        this.sim = sim;
        this.backends = List.copyOf(backends);
        this.tabletIntervalMicros = tabletIntervalMicros;
        this.taskIntervalMicros = taskIntervalMicros;
    }

    @Override
    public void sent(Envelope env) {
        if (env.message() instanceof TabletReport) {
            lastTabletReport.put(env.from(), sim.now());
        } else if (env.message() instanceof TaskReport) {
            lastTaskReport.put(env.from(), sim.now());
        }
    }

    String check() {
        long now = sim.now();
        if (reported || now <= quietUntilMicros) {
            return null;
        }
        // A BE that is down is looked at again within a task-report interval.
        long quietUntil = now + taskIntervalMicros;
        for (String be : backends) {
            Backend node = sim.node(be, Backend.class);
            if (node == null) {
                running.remove(be);
                continue;
            }
            if (running.get(be) != node) {
                running.put(be, node);
                lastTabletReport.put(be, now);
                lastTaskReport.put(be, now);
            }
            long tabletDue = lastTabletReport.get(be) + tabletIntervalMicros;
            long taskDue = lastTaskReport.get(be) + taskIntervalMicros;
            if (now > tabletDue) {
                reported = true;
                return be + " sent no tablet report since " + lastTabletReport.get(be) + " us, more than the "
                        + tabletIntervalMicros + " us interval ago";
            }
            if (now > taskDue) {
                reported = true;
                return be + " sent no task report since " + lastTaskReport.get(be) + " us, more than the "
                        + taskIntervalMicros + " us interval ago";
            }
            quietUntil = Math.min(quietUntil, Math.min(tabletDue, taskDue));
        }
        quietUntilMicros = quietUntil;
        return null;
    }
}
