package shardsim.core.sim;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import shardsim.core.trace.TraceKind;
import shardsim.core.worker.Task;
import shardsim.core.worker.TaskView;
import shardsim.core.worker.WorkerQueue;

/** A single-server FIFO queue; its wake-ups are kernel events, so a "blocked" worker is just state. */
final class WorkerImpl implements WorkerQueue {
    private final Simulation sim;
    private final HostContext owner;
    private final String name;
    private final String actor;
    private final int capacity;
    private final ArrayDeque<Entry> queue = new ArrayDeque<>();
    private Entry current;
    private long token;
    private long completed;

    private static final class Entry {
        final Task task;
        final long queuedAt;
        long startedAt = -1;
        boolean waiting;
        long polls;

        Entry(Task task, long queuedAt) {
            this.task = task;
            this.queuedAt = queuedAt;
        }

        TaskView view() {
            return new TaskView(task.name(), task.tag(), queuedAt, startedAt, waiting, task.waitsFor(), polls);
        }
    }

    WorkerImpl(Simulation sim, HostContext owner, String name, int capacity) {
        this.sim = sim;
        this.owner = owner;
        this.name = name;
        this.actor = owner.host.name + "/" + name;
        this.capacity = capacity;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String owner() {
        return owner.host.name;
    }

    @Override
    public int capacity() {
        return capacity;
    }

    @Override
    public long completed() {
        return completed;
    }

    @Override
    public boolean submit(Task task) {
        if (!owner.live()) {
            throw new IllegalStateException(owner.host.name + " is not running");
        }
        if (queue.size() >= capacity) {
            sim.record(TraceKind.DROP, actor, "queue full, refused " + task.name());
            return false;
        }
        queue.add(new Entry(task, sim.now()));
        sim.record(TraceKind.TASK_QUEUED, actor, task.name() + " (behind " + (queue.size() - 1 + (current == null ? 0 : 1)) + ")");
        if (current == null) {
            startNext();
        }
        return true;
    }

    @Override
    public Optional<TaskView> current() {
        return current == null ? Optional.empty() : Optional.of(current.view());
    }

    @Override
    public List<TaskView> queued() {
        List<TaskView> out = new ArrayList<>(queue.size());
        for (Entry e : queue) {
            out.add(e.view());
        }
        return out;
    }

    private void startNext() {
        current = queue.poll();
        if (current == null) {
            return;
        }
        current.startedAt = sim.now();
        Task task = current.task;
        if (task.condition() != null && !task.condition().getAsBoolean()) {
            current.waiting = true;
            sim.record(TraceKind.TASK_START, actor, task.name() + " waits for " + task.waitsFor());
            sim.schedule(task.pollMicros(), new SimEvent.WorkerWake(this, ++token));
        } else {
            sim.record(TraceKind.TASK_START, actor, task.name());
            sim.schedule(task.serviceMicros(), new SimEvent.WorkerWake(this, ++token));
        }
    }

    /** A poll or the end of service; stale tokens and dead incarnations are ignored. */
    void wake(long wakeToken) {
        if (!owner.live() || wakeToken != token || current == null) {
            return;
        }
        Entry e = current;
        Task task = e.task;
        if (e.waiting) {
            e.polls++;
            if (task.condition().getAsBoolean()) {
                e.waiting = false;
                sim.record(TraceKind.TIMER, actor, task.name() + " condition met after " + e.polls + " polls");
                sim.schedule(task.serviceMicros(), new SimEvent.WorkerWake(this, ++token));
            } else {
                sim.record(TraceKind.TIMER, actor, task.name() + " poll " + e.polls);
                sim.schedule(task.pollMicros(), new SimEvent.WorkerWake(this, ++token));
            }
            return;
        }
        current = null;
        completed++;
        sim.record(TraceKind.TASK_DONE, actor, task.name());
        task.body().run();
        if (current == null && owner.live()) {
            startNext();
        }
    }
}
