package shardsim.core.sim;

import java.util.AbstractList;
import java.util.List;
import java.util.Optional;
import shardsim.core.trace.TraceData;
import shardsim.core.worker.Task;
import shardsim.core.worker.TaskView;
import shardsim.core.worker.WorkerQueue;

/**
 * A single-server FIFO queue; its wake-ups are kernel events, so a "blocked" worker is just state:
 * a worker waiting for its condition holds its task, and a worker blocked on a full queue holds no
 * task and starts none until the queue admits what it submitted.
 */
final class WorkerImpl implements WorkerQueue {
    private final Simulation sim;
    private final HostContext owner;
    private final String name;
    private final String actor;
    private final int capacity;
    private final Fifo<Entry> queue = new Fifo<>();
    /** Tasks of submitters blocked on this queue while it was full, admitted in order as slots free. */
    private final Fifo<Entry> held = new Fifo<>();
    /** Live, read-only views of the two queues: a check reads them without a copy being made. */
    private final List<TaskView> queuedView = new View(queue, false);

    private final List<TaskView> heldView = new View(held, true);
    private Entry current;
    private long token;
    private long completed;
    /** The queue this worker is blocked on, and how many of its tasks that queue still holds. */
    private WorkerImpl blockedOn;

    private int heldElsewhere;

    private static final class Entry {
        final Task task;
        final long queuedAt;
        final WorkerImpl submitter;
        long startedAt = -1;
        boolean waiting;
        long polls;

        Entry(Task task, long queuedAt, WorkerImpl submitter) {
            this.task = task;
            this.queuedAt = queuedAt;
            this.submitter = submitter;
        }

        /** How a queued (or held) task looks; it cannot change until the task starts, so it is made once. */
        private TaskView waitingView;

        TaskView view(boolean isHeld) {
            return new TaskView(
                    task.name(),
                    task.tag(),
                    queuedAt,
                    startedAt,
                    waiting,
                    task.waitsFor(),
                    polls,
                    task.meets(),
                    isHeld ? submitter.actor : null);
        }

        TaskView waitingView(boolean isHeld) {
            TaskView v = waitingView;
            if (v == null || (v.submitter() != null) != isHeld) {
                v = view(isHeld);
                waitingView = v;
            }
            return v;
        }
    }

    private static final class View extends AbstractList<TaskView> {
        private final Fifo<Entry> entries;
        private final boolean isHeld;

        View(Fifo<Entry> entries, boolean isHeld) {
            this.entries = entries;
            this.isHeld = isHeld;
        }

        @Override
        public TaskView get(int index) {
            return entries.get(index).waitingView(isHeld);
        }

        @Override
        public int size() {
            return entries.size();
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
    public String actor() {
        return actor;
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
        sim.nodes.workerChanges++;
        if (queue.size() >= capacity) {
            WorkerImpl submitter = sim.nodes.runningWorker;
            if (submitter == null || !submitter.owner.live()) {
                sim.record.event(actor, new TraceData.Refused(task.name()));
                return false;
            }
            held.add(new Entry(task, sim.now(), submitter));
            submitter.blockedOn = this;
            submitter.heldElsewhere++;
            sim.record.event(submitter.actor, new TraceData.Blocked(actor, capacity, task.name()));
            return true;
        }
        queue.add(new Entry(task, sim.now(), null));
        sim.record.event(actor, new TraceData.TaskQueued(task.name(), queue.size() - 1 + (current == null ? 0 : 1)));
        if (current == null && blockedOn == null) {
            startNext();
        }
        return true;
    }

    @Override
    public Optional<TaskView> current() {
        return current == null ? Optional.empty() : Optional.of(current.view(false));
    }

    /** Cheap for checks run after every event: whether the task holding the worker waits. */
    boolean currentWaits() {
        return current != null && current.waiting;
    }

    @Override
    public List<TaskView> queued() {
        return queuedView;
    }

    @Override
    public List<TaskView> held() {
        return heldView;
    }

    @Override
    public Optional<String> blockedOn() {
        return blockedOn == null ? Optional.empty() : Optional.of(blockedOn.actor);
    }

    private void startNext() {
        sim.nodes.workerChanges++;
        current = queue.poll();
        admitHeld();
        if (current == null) {
            return;
        }
        current.startedAt = sim.now();
        Task task = current.task;
        if (task.condition() != null && !task.condition().getAsBoolean()) {
            setWaiting(current, true);
            sim.record.event(actor, new TraceData.TaskStart(task.name(), task.waitsFor()));
            sim.loop.schedule(task.pollMicros(), new SimEvent.WorkerWake(this, ++token));
        } else {
            sim.record.event(actor, new TraceData.TaskStart(task.name(), null));
            sim.loop.schedule(task.serviceMicros(), new SimEvent.WorkerWake(this, ++token));
        }
    }

    /** A slot freed: queue held tasks, and let a submitter whose tasks are all in go on. */
    private void admitHeld() {
        while (!held.isEmpty() && queue.size() < capacity) {
            Entry e = held.poll();
            queue.add(e);
            WorkerImpl s = e.submitter;
            sim.record.event(actor, new TraceData.TaskAdmitted(e.task.name(), s.actor, e.queuedAt));
            if (--s.heldElsewhere == 0) {
                s.blockedOn = null;
                sim.record.event(s.actor, new TraceData.Unblocked());
                if (s.current == null && s.owner.live()) {
                    s.startNext();
                }
            }
        }
    }

    private void setWaiting(Entry e, boolean waiting) {
        if (e.waiting != waiting) {
            sim.nodes.workerChanges++;
            e.waiting = waiting;
            sim.nodes.waitingTasks += waiting ? 1 : -1;
        }
    }

    /** The owner crashed: a task that was waiting no longer is. */
    void lost() {
        if (current != null) {
            setWaiting(current, false);
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
                setWaiting(e, false);
                sim.record.event(actor, new TraceData.Poll(task.name(), e.polls, true));
                sim.loop.schedule(task.serviceMicros(), new SimEvent.WorkerWake(this, ++token));
            } else {
                sim.record.event(actor, new TraceData.Poll(task.name(), e.polls, false));
                sim.loop.schedule(task.pollMicros(), new SimEvent.WorkerWake(this, ++token));
            }
            return;
        }
        current = null;
        completed++;
        sim.record.event(actor, new TraceData.TaskDone(task.name()));
        WorkerImpl outer = sim.nodes.runningWorker;
        sim.nodes.runningWorker = this;
        try {
            task.body().run();
        } finally {
            sim.nodes.runningWorker = outer;
        }
        if (current == null && blockedOn == null && owner.live()) {
            startNext();
        }
    }
}
