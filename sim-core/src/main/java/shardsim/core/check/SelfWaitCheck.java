package shardsim.core.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import shardsim.core.trace.Micros;
import shardsim.core.worker.TaskView;
import shardsim.core.worker.WorkerQueue;

/**
 * A wait that can never end, found in the kernel's wait-for graph over every worker of every live
 * node: a task holds its worker waiting for a condition, some task that may make the condition hold
 * (it names the condition's key in {@link shardsim.core.worker.Task#mayMeet}) sits behind it, on
 * the same worker or on a worker blocked (directly or through others) submitting to it, and no
 * worker that can still run holds or queues one. Nothing here knows what the tasks are: the
 * waiter's key and the satisfiers' declared keys are the whole relation.
 */
public final class SelfWaitCheck implements Invariant {
    private final SimView sim;
    private final String name;
    private boolean reported;
    /** The worker state last judged free of self-waits; nothing a poll changes can create one. */
    private long judgedAt = -1;

    /** The check of {@code sim}'s workers, reported under {@code rule}. */
    public SelfWaitCheck(SimView sim, Rule rule) {
        this(sim, rule.name());
    }

    /** The check of {@code sim}'s workers, reported under the invariant {@code name}. */
    public SelfWaitCheck(SimView sim, String name) {
        this.sim = sim;
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String check() {
        if (reported || sim.waitingTasks() == 0 || sim.workerChanges() == judgedAt) {
            return null;
        }
        List<WorkerQueue> all = new ArrayList<>();
        for (String node : sim.nodeNames()) {
            all.addAll(sim.workers(node));
        }
        for (WorkerQueue w : all) {
            Optional<TaskView> cur = w.current();
            if (cur.isEmpty() || !cur.get().waiting() || cur.get().waitsFor() == null) {
                continue;
            }
            String problem = judge(all, w, cur.get());
            if (problem != null) {
                reported = true;
                return problem;
            }
        }
        judgedAt = sim.workerChanges();
        return null;
    }

    private static String judge(List<WorkerQueue> all, WorkerQueue w, TaskView waiter) {
        String key = waiter.waitsFor();
        List<String> stuck = stuckBehind(all, w);
        // The common case, cheaply first: nothing that could meet the condition is stuck behind the waiter.
        WorkerQueue where = null;
        TaskView satisfier = null;
        int place = -1;
        for (int k = 0; k < all.size() && satisfier == null; k++) {
            WorkerQueue s = all.get(k);
            if (!stuck.contains(s.actor())) {
                continue;
            }
            List<TaskView> behind = new ArrayList<>(s.queued());
            behind.addAll(s.held());
            int i = firstMeeting(behind, key);
            if (i >= 0) {
                where = s;
                satisfier = behind.get(i);
                place = i;
            }
        }
        if (satisfier == null) {
            return null;
        }
        for (WorkerQueue s : all) {
            if (!stuck.contains(s.actor())
                    && (mayMeet(s.current(), key)
                            || firstMeeting(s.queued(), key) >= 0
                            || firstMeeting(s.held(), key) >= 0)) {
                return null;
            }
        }
        String at = where == w
                ? "in place " + (place + 1) + " behind it"
                : "on " + where.actor() + ", which is blocked submitting to " + w.actor();
        return w.actor() + ": '" + waiter.name() + "' has held the worker since t="
                + Micros.format(waiter.startedAtMicros()) + " waiting for "
                + key + " (" + waiter.polls() + " polls); only '" + satisfier.name() + "', queued at t="
                + Micros.format(satisfier.queuedAtMicros()) + " "
                + at + ", can make that hold";
    }

    /** {@code w} and every worker blocked, directly or through others, submitting to it. */
    private static List<String> stuckBehind(List<WorkerQueue> all, WorkerQueue w) {
        List<String> stuck = new ArrayList<>();
        stuck.add(w.actor());
        boolean grew = true;
        while (grew) {
            grew = false;
            for (WorkerQueue b : all) {
                Optional<String> on = b.blockedOn();
                if (on.isPresent() && stuck.contains(on.get()) && !stuck.contains(b.actor())) {
                    stuck.add(b.actor());
                    grew = true;
                }
            }
        }
        return stuck;
    }

    private static boolean mayMeet(Optional<TaskView> t, String key) {
        return t.isPresent() && t.get().meets().contains(key);
    }

    private static int firstMeeting(List<TaskView> tasks, String key) {
        for (int i = 0; i < tasks.size(); i++) {
            if (tasks.get(i).meets().contains(key)) {
                return i;
            }
        }
        return -1;
    }
}
