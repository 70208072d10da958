package shardsim.core.sim;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import shardsim.core.check.Invariant;
import shardsim.core.check.Liveness;
import shardsim.core.check.Violation;
import shardsim.core.event.EventQueue;
import shardsim.core.fault.End;
import shardsim.core.fault.Fault;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.LastingFault;
import shardsim.core.fault.NetFault;
import shardsim.core.fault.NodeFault;
import shardsim.core.fault.TimedFault;
import shardsim.core.node.Disk;
import shardsim.core.node.Envelope;
import shardsim.core.node.Message;
import shardsim.core.node.Node;
import shardsim.core.node.NodeFactory;
import shardsim.core.random.SimRandom;
import shardsim.core.trace.Micros;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceData;
import shardsim.core.trace.TraceKind;
import shardsim.core.worker.WorkerQueue;
import shardsim.core.workload.Operation;
import shardsim.core.workload.TimedOperation;
import shardsim.core.workload.Workload;

/**
 * One simulation: the event loop that owns virtual time, the nodes, the network, the fault plan,
 * the checks and the trace. Single-threaded; everything it does follows from the seed.
 *
 * <p>A scenario reads as a story: add nodes, register checks, {@link #inject} a fault plan,
 * schedule the workload, then {@link #runUntil} and {@link #finish}. Safety invariants run after
 * every event; validations once at the end; liveness checks at their deadlines.
 */
public final class Simulation {
    private final SimConfig config;
    private final long seed;
    /** Tracked, so that {@link #reseed} reaches every stream the run forked (network, each incarnation, models). */
    private final SimRandom random;
    private final Trace trace;
    private final EventQueue<SimEvent> queue = new EventQueue<>(1024);
    /** Whether timers go to the queue's lanes ({@link #timersInLanes}); for tests that compare with none. */
    private boolean timerLanes = true;
    private final Network network;
    /** Nodes by name, in the order added; iteration order is part of the determinism contract. */
    private final LinkedHashMap<String, NodeHost> hosts = new LinkedHashMap<>();
    private final List<Invariant> invariants = new ArrayList<>();
    private final List<Invariant> validations = new ArrayList<>();
    private final List<Liveness> liveness = new ArrayList<>();
    private final List<FaultHandler> faultHandlers = new ArrayList<>();
    private final List<RunObserver> observers = new ArrayList<>();
    private final List<Violation> violations = new ArrayList<>();
    private final LinkedHashMap<String, String> params = new LinkedHashMap<>();
    private final Metrics metrics = new Metrics();
    private final Probes probes = new Probes();
    private final shardsim.core.coverage.CoverageRecorder coverage = new shardsim.core.coverage.CoverageRecorder();
    /** The windows model code announces; nothing on it draws or traces. */
    private final shardsim.core.aim.Windows windows = new shardsim.core.aim.Windows(this::now);
    /** The next and the end of the event-queue sequence numbers reserved for aimed faults ({@link #reserveAimSlots}). */
    private long nextAimSlot;
    private long aimSlotsEnd;
    /** The code every node added from now on runs unless {@link #nodeCodes} names its own. */
    private String runCode = NO_CODE;
    /** Codes of named nodes, assigned before they are added; looked up by key, never iterated. */
    private final Map<String, String> nodeCodes = new java.util.TreeMap<>();
    private long now;
    private long eventNumber;
    private long nextEnvelopeId = 1;
    private long nextCallId = 1;
    private boolean stopped;
    /** Invariants whose violation does not stop a run that stops at its first: the known gaps of its modes. */
    private final java.util.Set<String> goOnPast = new java.util.TreeSet<>();
    private boolean finished;
    /** Whether the loop has run at all (the start's coverage sample is taken once). */
    private boolean started;
    /** Nodes added before the world booted whose first boot has not run yet. */
    private int unbooted;
    /** Whether every node added before the run has booted: checks and coverage wait for it. */
    private boolean worldBooted;
    private int activeFaults;
    private long faultEpoch;
    private long quietSinceMicros;
    /** True while model code runs (a message, timer, task, fault, boot or driver action): no violation may be raised. */
    private boolean inModel;
    /** The worker whose task body is running (a submit to a full queue blocks it), or null. */
    WorkerImpl runningWorker;
    /** Tasks holding a live worker while they wait for their condition (lets wait checks skip the common case). */
    int waitingTasks;
    /** Bumped whenever any worker's tasks, holder, waiting or blocking change (lets wait checks reuse a verdict). */
    long workerChanges;

    /**
     * Handles scenario-defined fault kinds; returns false for kinds it does not know. A
     * {@link LastingFault} comes here twice, as itself: {@code starts} when it starts and not when
     * its {@link End} ends it. A momentary fault comes once, starting.
     */
    @FunctionalInterface
    public interface FaultHandler {
        /** Applies {@code fault} ({@code starts}: as it starts; otherwise as its end ends it) and returns true, or returns false for a kind it does not know. */
        boolean apply(Fault fault, boolean starts);
    }

    /** The code of a node in a simulation whose codes nobody assigned (one built without the run skeleton). */
    public static final String NO_CODE = "";

    /** A simulation of seed {@code seed} recording into {@code trace}; nothing happens until {@link #runUntil}. */
    public Simulation(long seed, SimConfig config, Trace trace) {
        this.config = config;
        this.seed = seed;
        this.random = SimRandom.tracked(seed);
        this.trace = trace;
        this.network = new Network(this, config.defaultLink());
    }

    // ---- the world ---------------------------------------------------------------------------

    /** The run's configuration: budget, default link, whether it stops at the first violation. */
    public SimConfig config() {
        return config;
    }

    /** The run's root generator; subsystems should {@link SimRandom#fork fork} it by label. */
    public SimRandom random() {
        return random;
    }

    /** The run's seed (not changed by {@link #reseed}). */
    public long seed() {
        return seed;
    }

    /**
     * Re-randomises the rest of the run: every stream forked from {@link #random()} so far (the
     * network's, each incarnation's, any a model forked) gets a new seed derived from its own and
     * {@code salt}, and so does every stream forked from now on. Nothing already drawn changes and
     * nothing is traced; the plan's scheduled faults and operations stay as they are.
     */
    public void reseed(long salt) {
        random.reseedLineage(salt);
    }

    /** Virtual time now, in microseconds (nodes read their own, possibly skewed, clock through their context). */
    public long now() {
        return now;
    }

    /** The number of scheduled events handled so far. */
    public long eventNumber() {
        return eventNumber;
    }

    /** The run's trace. */
    public Trace trace() {
        return trace;
    }

    /** The simulated network: link policies, partitions and counts. */
    public Network network() {
        return network;
    }

    /** The run's metrics (latencies and sizes the model records). */
    public Metrics metrics() {
        return metrics;
    }

    /** The run's code probes ({@link Probes}); model code hits them through {@code NodeContext.probe} or here. */
    public Probes probes() {
        return probes;
    }

    /** Counts one pass of code probe {@code name} ({@link Probes}): no draw, no trace, no change to the run. */
    public void probe(String name) {
        probes.hit(name);
    }

    /** Adds a node that boots at the current time (and may crash under generated plans). */
    public void addNode(String name, NodeFactory factory) {
        addNode(name, factory, true);
    }

    /** Adds a node that boots at the current time; {@code crashable} says whether generated plans may crash it (a rollout restarts it only if its role may be: {@code World.rollsByRestart}). The factory builds every incarnation and should build it from the code it is given ({@code NodeContext.code()}). */
    public void addNode(String name, NodeFactory factory, boolean crashable) {
        if (hosts.containsKey(name)) {
            throw new IllegalArgumentException("duplicate node " + name);
        }
        hosts.put(name, new NodeHost(name, hosts.size(), factory, crashable, nodeCodes.getOrDefault(name, runCode)));
        if (!worldBooted) {
            unbooted++;
        }
        schedule(0, new SimEvent.Boot(name));
    }

    /**
     * Which mode's code each node runs when it boots: {@code runCode}, except the nodes
     * {@code perNode} names. The run skeleton calls it before the scenario adds its nodes; a node
     * already added keeps its code.
     */
    public void assignCodes(String runCode, Map<String, String> perNode) {
        if (runCode == null) {
            throw new IllegalArgumentException("a code needs a name");
        }
        for (Map.Entry<String, String> e : perNode.entrySet()) {
            String name = e.getKey();
            if (name == null || e.getValue() == null) {
                throw new IllegalArgumentException("a code needs a node and a name");
            }
            if (hosts.containsKey(name)) {
                throw new IllegalStateException("node " + name + " was added before its code was assigned");
            }
        }
        this.runCode = runCode;
        nodeCodes.putAll(perNode);
    }

    /** The name of the mode whose code the node runs now (while it is down: the code it restarts with). */
    public String codeOf(String name) {
        return host(name).code;
    }

    /** Every node, in the order added. */
    public List<String> nodeNames() {
        return List.copyOf(hosts.keySet());
    }

    /** The nodes that generated plans may crash. */
    public List<String> crashableNodes() {
        List<String> out = new ArrayList<>();
        for (NodeHost h : hosts.values()) {
            if (h.crashable) {
                out.add(h.name);
            }
        }
        return out;
    }

    /** Whether the node is running (booted and not crashed). */
    public boolean isUp(String name) {
        return host(name).up;
    }

    /** The node's current instance, or null while it is down. */
    public Node node(String name) {
        NodeHost h = host(name);
        return h.up ? h.node : null;
    }

    /** The node's current instance as a {@code type}, or null while it is down (or before the world has {@link #booted}). */
    public <T extends Node> T node(String name, Class<T> type) {
        return type.cast(node(name));
    }

    /** The node's disk, up or down: it outlives every incarnation. */
    public Disk disk(String name) {
        return host(name).disk;
    }

    /** A counter that moves whenever any worker's queue, holder, waiting or blocking changes (polls do not move it). */
    public long workerChanges() {
        return workerChanges;
    }

    /** How many tasks hold a live worker waiting for their condition. */
    public int waitingTasks() {
        return waitingTasks;
    }

    /** The node's worker queues (empty while it is down), in creation order. */
    public List<WorkerQueue> workers(String name) {
        NodeHost h = host(name);
        if (!h.up) {
            return List.of();
        }
        return List.copyOf(h.context.workers.values());
    }

    // ---- checks ------------------------------------------------------------------------------

    /** The run's board of risky windows, which model code announces ({@code NodeContext.openWindow}). */
    public shardsim.core.aim.Windows windows() {
        return windows;
    }

    /**
     * Whether the world has booted: every node added before the run started has run its first
     * {@code onStart}. Safety invariants and coverage abstractions are first run after the event
     * that completes the boot (before that, nodes are missing, not down), so they never see a
     * world half built; {@link #node} is null there only for a node that is down.
     */
    public boolean booted() {
        return worldBooted;
    }

    /**
     * A safety invariant checked after every event once the world has {@link #booted} (and not
     * before: a node not booted yet is not a node that is down).
     */
    public void invariant(Invariant invariant) {
        invariants.add(invariant);
    }

    /**
     * An abstraction of the model's state for coverage, sampled once the world has
     * {@link #booted} and after every event from then on. Like a check it only reads the model;
     * unlike one it never fails a run.
     */
    public void abstraction(shardsim.core.coverage.Abstraction abstraction) {
        coverage.add(abstraction);
    }

    /** The abstract states and transitions the run has reached so far. */
    public shardsim.core.coverage.Coverage coverage() {
        return coverage.coverage();
    }

    /** A check run once when the run finishes. */
    public void validation(Invariant validation) {
        validations.add(validation);
    }

    /** A liveness check judged a fixed time after the faults in force have all ended. */
    public void liveness(Liveness check) {
        liveness.add(check);
        scheduleLivenessDeadline(liveness.size() - 1);
    }

    /**
     * Records a violation; stops the run if so configured. Repeats of the same invariant are not kept.
     * Only checks may call it (invariants, validations, liveness, {@link #checkAt}): checks observe,
     * so a call while model code is dispatched (a node's handler, timer or task, a fault, a boot or
     * a driver action) is refused with an {@link IllegalStateException}, which ends the run as an
     * internal error.
     */
    public void violation(String invariant, String message) {
        if (inModel) {
            throw new IllegalStateException("violation " + invariant + " raised by model code at t=" + Micros.format(now) + " (event " + eventNumber
                    + "): checks observe; raise it from an invariant, a validation, a liveness check or Simulation.checkAt");
        }
        for (Violation v : violations) {
            if (v.invariant().equals(invariant)) {
                return;
            }
        }
        Violation v = new Violation(invariant, message, now, eventNumber);
        violations.add(v);
        record(TraceKind.VIOLATION, "check", new TraceData.Violation(invariant, message));
        if (config.stopOnFirstViolation() && !goOnPast.contains(invariant)) {
            // The loop stops after this event's invariants have all been checked, so every
            // invariant the same event broke is reported, not only the first one found.
            stopped = true;
        }
    }

    /**
     * A run that stops at its first violation goes on past a violation of these: a known gap is a
     * finding, so the claims must still be judged to the end of the run.
     */
    public void goOnPast(java.util.Collection<String> invariants) {
        goOnPast.addAll(invariants);
    }

    /** A violation of a declared invariant: {@link #violation(String, String)} under its name. */
    public void violation(shardsim.core.check.Rule rule, String message) {
        violation(rule.name(), message);
    }

    /** The violations so far, one per invariant, in the order found. */
    public List<Violation> violations() {
        return Collections.unmodifiableList(violations);
    }

    /** Whether no invariant has been violated so far. */
    public boolean ok() {
        return violations.isEmpty();
    }

    /** Faults in force now (partitions, crashed nodes, clogs, scenario faults that last). */
    public int activeFaults() {
        return activeFaults;
    }

    /** Since when no fault has been in force or injected; -1 while one is in force. */
    public long quietSinceMicros() {
        return activeFaults > 0 ? -1 : quietSinceMicros;
    }

    // ---- parameters and notes -----------------------------------------------------------------

    /** A parameter of the run (drawn from the seed or given), traced before anything happens. */
    public void param(String name, Object value) {
        String v = String.valueOf(value);
        params.put(name, v);
        record(TraceKind.PARAM, "sim", new TraceData.Param(name, v));
    }

    /** The run's parameters, in the order recorded. */
    public Map<String, String> params() {
        return Collections.unmodifiableMap(params);
    }

    /** A note in the trace from the scenario driver or a checker. */
    public void note(String actor, String detail) {
        record(TraceKind.STATE, actor, new TraceData.Note(detail));
    }

    // ---- scheduling --------------------------------------------------------------------------

    /** Runs {@code action} (a workload step, a scripted move) at an absolute virtual time. */
    public void at(long atMicros, String label, Runnable action) {
        scheduleAt(atMicros, new SimEvent.Action("driver", new TraceData.Step(label), action, true));
    }

    /**
     * Runs {@code check} at an absolute virtual time as a check, not as model code: it may read any
     * state and raise violations. Traced as a driver step, like {@link #at}, so moving a sample
     * from {@code at} to here leaves a run's digest unchanged.
     */
    public void checkAt(long atMicros, String label, Runnable check) {
        scheduleAt(atMicros, new SimEvent.Check(new TraceData.Step(label), check));
    }

    /** Runs {@code action} after a delay from now. */
    public void after(long delayMicros, String label, Runnable action) {
        schedule(delayMicros, new SimEvent.Action("driver", new TraceData.Step(label), action, true));
    }

    /**
     * Sets aside {@code n} event-queue slots for faults aimed during the run ({@link #injectAimed}).
     * The run skeleton calls it right after it {@link #inject injects} the plan, so that an aimed
     * fault ties, at its microsecond, exactly where the same fault listed in the plan would.
     */
    public void reserveAimSlots(int n) {
        if (aimSlotsEnd > nextAimSlot) {
            throw new IllegalStateException("aim slots are reserved once per run");
        }
        nextAimSlot = queue.reserve(n);
        aimSlotsEnd = nextAimSlot + n;
    }

    /**
     * Injects {@code fault} at {@code atMicros} (later than now), in a reserved slot, if
     * {@code stillAimed} holds then; otherwise the event vanishes unseen, like a cancelled timer
     * (no event number, no trace, no checks). {@code onFired} runs right after the fault applies.
     */
    public void injectAimed(long atMicros, Fault fault, java.util.function.BooleanSupplier stillAimed, Runnable onFired) {
        if (atMicros <= now) {
            throw new IllegalArgumentException("an aimed fault lands after the event that aimed it: " + atMicros + " <= " + now);
        }
        if (nextAimSlot >= aimSlotsEnd) {
            throw new IllegalStateException("no aim slot left (reserve more with reserveAimSlots)");
        }
        queue.addReserved(atMicros, nextAimSlot++, new SimEvent.Aimed(fault, stillAimed, onFired));
    }

    /** Schedules every fault of the plan. */
    public void inject(FaultPlan plan) {
        for (TimedFault tf : plan.faults()) {
            scheduleAt(tf.atMicros(), new SimEvent.Inject(tf.fault()));
        }
    }

    /** Performs a scenario's operations. */
    public interface OperationHandler {
        /** Performs one operation of the workload, at its time. */
        void perform(Operation operation);
    }

    /**
     * Schedules every operation of the workload; each runs {@code handler} at its time and is
     * traced as the workload's step. Like {@link #inject}, call it before the run so that a
     * workload read back from a plan file is scheduled exactly as the generated one was.
     */
    public void perform(Workload workload, OperationHandler handler) {
        for (TimedOperation op : workload.operations()) {
            Operation o = op.operation();
            scheduleAt(op.atMicros(), new SimEvent.Action("workload", new TraceData.Perform(o), () -> handler.perform(o), true));
        }
    }

    /** Registers an observer of messages and faults (a check's eyes; it reads, never changes, the run). */
    public void observe(RunObserver observer) {
        observers.add(observer);
    }

    void observeSent(Envelope env) {
        for (int i = 0; i < observers.size(); i++) {
            observers.get(i).sent(env);
        }
    }

    void observeDelivered(Envelope env, boolean copy) {
        for (int i = 0; i < observers.size(); i++) {
            observers.get(i).delivered(env, copy);
        }
    }

    /** Registers a handler for scenario-defined fault kinds. */
    public void onFault(FaultHandler handler) {
        faultHandlers.add(handler);
    }

    /** Injects a fault now (also how plans are applied). */
    public void applyFault(Fault fault) {
        record(TraceKind.FAULT, "faults", new TraceData.FaultApplied(fault));
        for (int i = 0; i < observers.size(); i++) {
            observers.get(i).faultApplied(fault);
        }
        boolean starts = !(fault instanceof End);
        Fault kind = starts ? fault : ((End) fault).start();
        if (kind instanceof NodeFault nf && !hosts.containsKey(nf.node())) {
            // A plan run in another seed's world may name a node this world lacks; like a
            // scenario's own faults, it is skipped with a note (plans are checked up front).
            note("faults", "skipped: no node " + nf.node() + " in this world");
            return;
        }
        // A crash of a node already down, or a restart of one already up, changes nothing in force.
        boolean noOp = (fault instanceof NodeFault.Crash c && !isUp(c.node())) || (fault instanceof NodeFault.Restart r && isUp(r.node()));
        boolean handled = applyKernelFault(kind, starts);
        for (int i = 0; !handled && i < faultHandlers.size(); i++) {
            handled = faultHandlers.get(i).apply(kind, starts);
        }
        if (!handled) {
            throw new IllegalStateException("no handler for fault kind " + fault.kind() + ": " + fault);
        }
        changeActivity(noOp ? 0 : fault.activityDelta());
    }

    /** Crashes a node now: its instance, timers, calls, queues and unflushed writes are lost. */
    public void crash(String name) {
        NodeHost h = host(name);
        if (!h.up) {
            return;
        }
        stopProcess(h);
        h.disk.loseUnflushed();
        record(TraceKind.CRASH, name, new TraceData.Crash(h.incarnation));
    }

    /** Ends the node's running incarnation: its instance and worker queues go; its disk is the caller's to judge. */
    private void stopProcess(NodeHost h) {
        h.up = false;
        h.node = null;
        windows.closeOwnedBy(h.name);
        for (WorkerImpl w : h.context.workers.values()) {
            w.lost();
        }
        workerChanges++;
    }

    /**
     * Restarts the node's process on the code of {@code toMode} (an upgrade or a downgrade). Up: its
     * instance, timers, calls and queues are lost as in a crash, its disk is kept whole (pending
     * writes included: the machine did not stop), and a new incarnation running {@code toMode}
     * recovers from it at once. Down: it runs {@code toMode} when it next restarts.
     */
    public void changeCode(String name, String toMode) {
        NodeHost h = host(name);
        String from = h.code;
        boolean wasUp = h.up;
        if (wasUp) {
            stopProcess(h);
        }
        h.code = toMode;
        // Traced as the stop of the process (a crash-kind event, which a diagram closes with the
        // restart) when it was running; as a state change when it was down.
        record(wasUp ? TraceKind.CRASH : TraceKind.STATE, name, new TraceData.CodeSwitch(from, toMode, wasUp, h.incarnation));
        if (wasUp) {
            boot(h, true);
        }
    }

    /** Restarts a crashed node: a new instance recovers from what its disk kept. */
    public void restart(String name) {
        NodeHost h = host(name);
        if (h.up) {
            return;
        }
        boot(h, true);
    }

    // ---- the loop ----------------------------------------------------------------------------

    /**
     * Handles events until the next one is later than {@code endMicros}, the queue empties, a
     * violation stops the run, or the budget runs out (itself a violation). Afterwards the clock
     * reads {@code endMicros} unless the run stopped early.
     */
    public void runUntil(long endMicros) {
        run(endMicros, Long.MAX_VALUE);
        if (!stopped && endMicros > now) {
            now = endMicros;
        }
    }

    /**
     * Handles events up to and including event number {@code lastEvent} (with its checks), unless
     * the run stops, empties or passes {@code endMicros} first, as {@link #runUntil} would. The
     * clock stays at the last handled event's time. Events are handled exactly as by
     * {@link #runUntil}, so a run driven to an event number and then on to its end is the same run.
     */
    public void runThroughEvent(long lastEvent, long endMicros) {
        run(endMicros, lastEvent);
    }

    private void run(long endMicros, long lastEvent) {
        if (finished) {
            throw new IllegalStateException("run already finished");
        }
        RunBudget budget = config.budget();
        if (eventNumber == 0 && !started) {
            started = true;
            if (unbooted == 0) {
                worldBooted = true;
                coverage.sample();
            }
        }
        while (!stopped && eventNumber < lastEvent && !queue.isEmpty()) {
            long t = queue.peekTime();
            if (t > endMicros) {
                break;
            }
            if (t > budget.maxVirtualMicros()) {
                violation(RunBudget.INVARIANT, "virtual time budget of " + Micros.format(budget.maxVirtualMicros()) + " exhausted");
                stopped = true;
                break;
            }
            if (eventNumber >= budget.maxEvents()) {
                eventBudgetExhausted(budget);
                break;
            }
            SimEvent e = queue.poll();
            if (e instanceof TimerImpl f && !f.isPending()) {
                // A cancelled timer, or one of a crashed incarnation: no event, no checks, no trace.
                continue;
            }
            if (e instanceof SimEvent.Aimed a && !a.stillAimed().getAsBoolean()) {
                // Its window closed first: the fault is not injected, and the run never sees it.
                continue;
            }
            now = t;
            eventNumber++;
            dispatchModel(e);
            if (worldBooted) {
                checkInvariants();
                coverage.sample();
            }
        }
    }

    private void eventBudgetExhausted(RunBudget budget) {
        violation(RunBudget.INVARIANT, "event budget of " + budget.maxEvents() + " events exhausted at t=" + Micros.format(now));
        stopped = true;
    }

    /** Whether timers wait in the event queue's lanes or all in its heap; for tests that compare the two. */
    void timersInLanes(boolean lanes) {
        timerLanes = lanes;
    }

    /** Whether a violation or the budget stopped the run. */
    public boolean stopped() {
        return stopped;
    }

    /** Runs the end-of-run validations (unless already stopped) and traces the verdict. */
    public void finish() {
        if (finished) {
            return;
        }
        finished = true;
        if (!stopped) {
            for (Invariant v : validations) {
                String problem = v.check();
                if (problem != null) {
                    violation(v.name(), problem);
                }
            }
        }
        List<String> violated = new ArrayList<>();
        for (Violation v : violations) {
            violated.add(v.invariant());
        }
        record(TraceKind.VERDICT, "sim", new TraceData.Verdict(violated, eventNumber));
    }

    /** Dispatches one event with the guard up, unless the event is itself a check. */
    private void dispatchModel(SimEvent e) {
        boolean check = e instanceof SimEvent.Check || e instanceof SimEvent.LivenessDeadline;
        inModel = !check;
        try {
            dispatch(e);
        } finally {
            inModel = false;
        }
    }

    void dispatch(SimEvent e) {
        if (e instanceof SimEvent.Deliver d) {
            network.deliver(d);
        } else if (e instanceof TimerImpl t) {
            if (t.take()) {
                recordTimer(t);
                if (t.isCall()) {
                    t.owner.timedOut(t.callId);
                }
                t.action.run();
            }
        } else if (e instanceof SimEvent.WorkerWake w) {
            w.worker().wake(w.token());
        } else if (e instanceof SimEvent.Inject i) {
            applyFault(i.fault());
        } else if (e instanceof SimEvent.Aimed a) {
            applyFault(a.fault());
            a.onFired().run();
        } else if (e instanceof SimEvent.Action a) {
            if (a.traced()) {
                record(TraceKind.TIMER, a.actor(), a.label());
            }
            a.action().run();
        } else if (e instanceof SimEvent.Check c) {
            record(TraceKind.TIMER, "driver", c.label());
            c.check().run();
        } else if (e instanceof SimEvent.Boot b) {
            boot(host(b.node()), false);
        } else if (e instanceof SimEvent.LivenessDeadline l) {
            judgeLiveness(l);
        } else {
            throw new IllegalStateException("unknown event kind " + e);
        }
    }

    private void checkInvariants() {
        for (int i = 0; i < invariants.size(); i++) {
            Invariant inv = invariants.get(i);
            String problem = inv.check();
            if (problem != null) {
                violation(inv.name(), problem);
            }
        }
    }

    /** Applies a kernel kind as it starts or, for a lasting one, as it ends; false for other kinds. */
    private boolean applyKernelFault(Fault fault, boolean starts) {
        if (fault instanceof NetFault.Partition p) {
            if (starts) {
                network.partition(p.a(), p.b());
            } else {
                network.heal(p.a(), p.b());
            }
        } else if (fault instanceof NetFault.PartitionOneWay p) {
            if (starts) {
                network.partitionOneWay(p.from(), p.to());
            } else {
                network.healOneWay(p.from(), p.to());
            }
        } else if (fault instanceof NetFault.Clog c) {
            long until = now + c.durationMicros();
            network.clog(c.a(), c.b(), until);
            // A clog is in force until it clears; count it so liveness waits for it.
            changeActivity(1);
            scheduleAt(until, new SimEvent.Action("faults", new TraceData.Step("clog " + c.a() + "<->" + c.b() + " clears"), () -> changeActivity(-1), true));
        } else if (fault instanceof NetFault.SetLink s) {
            network.setPolicy(s.from(), s.to(), s.policy());
        } else if (fault instanceof NodeFault.Crash c) {
            crash(c.node());
        } else if (fault instanceof NodeFault.Restart r) {
            restart(r.node());
        } else if (fault instanceof NodeFault.ClockSkew s) {
            host(s.node()).skewMicros = s.skewMicros();
        } else if (fault instanceof NodeFault.CodeChange c) {
            changeCode(c.node(), c.toMode());
        } else {
            return false;
        }
        return true;
    }

    private void changeActivity(int delta) {
        activeFaults = Math.max(0, activeFaults + delta);
        faultEpoch++;
        if (activeFaults == 0) {
            quietSinceMicros = now;
            for (int i = 0; i < liveness.size(); i++) {
                scheduleLivenessDeadline(i);
            }
        }
    }

    private void scheduleLivenessDeadline(int index) {
        if (activeFaults == 0) {
            scheduleAt(Math.max(now, quietSinceMicros) + liveness.get(index).withinMicros(), new SimEvent.LivenessDeadline(index, faultEpoch));
        }
    }

    private void judgeLiveness(SimEvent.LivenessDeadline l) {
        if (l.epoch() != faultEpoch || activeFaults > 0) {
            return;
        }
        Liveness check = liveness.get(l.index());
        String problem = check.check().get();
        record(TraceKind.TIMER, "check", new TraceData.Liveness(check.name(), problem == null));
        if (problem != null) {
            violation(check.name(), problem + " (" + Micros.format(check.withinMicros()) + " after the last fault at " + Micros.format(quietSinceMicros) + ")");
        }
    }

    private void boot(NodeHost h, boolean recover) {
        h.incarnation++;
        h.up = true;
        HostContext ctx = new HostContext(this, h, h.incarnation);
        h.context = ctx;
        record(recover ? TraceKind.RESTART : TraceKind.STATE, h.name, new TraceData.Boot(recover, h.incarnation));
        h.node = h.factory.create(ctx);
        if (recover) {
            h.node.onRecover();
        } else {
            h.node.onStart();
        }
        if (!ctx.codeRead && !h.code.equals(runCode)) {
            throw new CodeIgnored(h.name, h.code, runCode);
        }
        if (!recover && !worldBooted && --unbooted == 0) {
            worldBooted = true;
        }
    }

    // ---- kernel internals used by the network, contexts and workers --------------------------

    void schedule(long delayMicros, SimEvent e) {
        if (delayMicros < 0) {
            throw new IllegalArgumentException("negative delay");
        }
        queue.add(now + delayMicros, e);
    }

    /**
     * Schedules a node's timer. Timers mostly have a few fixed delays, so they go to the queue's
     * FIFO lanes, where a cancelled one (a call answered long before its timeout) costs O(1) when
     * the loop skips it; the order is the same as in the heap.
     */
    void scheduleTimer(long delayMicros, TimerImpl e) {
        if (delayMicros < 0) {
            throw new IllegalArgumentException("negative delay");
        }
        if (timerLanes) {
            queue.addInLane(now + delayMicros, e);
        } else {
            queue.add(now + delayMicros, e);
        }
    }

    void scheduleAt(long atMicros, SimEvent e) {
        if (atMicros < now) {
            throw new IllegalArgumentException("cannot schedule in the past: " + atMicros + " < " + now);
        }
        queue.add(atMicros, e);
    }

    void record(TraceKind kind, String actor, TraceData data) {
        trace.record(now, eventNumber, kind, actor, data);
    }

    // The kernel's most frequent events: when the trace only digests, their fields go straight
    // into the digest (through the writer their TraceData kind uses) and no event is made.

    void recordSend(String actor, Envelope env) {
        if (trace.digestsOnly()) {
            TraceData.Send.write(trace.begin(now, eventNumber, TraceKind.SEND, actor, TraceData.Send.CODE), env);
            trace.end();
        } else {
            record(TraceKind.SEND, actor, new TraceData.Send(env));
        }
    }

    void recordDeliver(String actor, long messageId, boolean copy) {
        if (trace.digestsOnly()) {
            TraceData.Deliver.write(trace.begin(now, eventNumber, TraceKind.DELIVER, actor, TraceData.Deliver.CODE), messageId, copy);
            trace.end();
        } else {
            record(TraceKind.DELIVER, actor, new TraceData.Deliver(messageId, copy));
        }
    }

    private void recordTimer(TimerImpl t) {
        String actor = t.owner.host.name;
        if (trace.digestsOnly()) {
            if (t.isCall()) {
                TraceData.CallTimeout.write(trace.begin(now, eventNumber, TraceKind.TIMER, actor, TraceData.CallTimeout.CODE), t.callId, t.callTo);
            } else {
                TraceData.Step.write(trace.begin(now, eventNumber, TraceKind.TIMER, actor, TraceData.Step.CODE), t.label);
            }
            trace.end();
        } else {
            record(TraceKind.TIMER, actor, t.isCall() ? new TraceData.CallTimeout(t.callId, t.callTo) : new TraceData.Step(t.label));
        }
    }

    /** The node a message is addressed to; an unknown name is the model's error. */
    NodeHost receiver(String to) {
        NodeHost h = hosts.get(to);
        if (h == null) {
            throw new IllegalArgumentException("unknown node " + to);
        }
        return h;
    }

    /** A new envelope on {@code route} (whose receiver {@link #receiver} found). */
    Envelope newEnvelope(Route route, Message message, long callId, boolean reply) {
        return new Envelope(nextEnvelopeId++, route.from.name, route.to.name, message, callId, reply, now);
    }

    long nextCallId() {
        return nextCallId++;
    }

    private NodeHost host(String name) {
        NodeHost h = hosts.get(name);
        if (h == null) {
            throw new IllegalArgumentException("unknown node " + name);
        }
        return h;
    }

    /** Convenience for drivers that inject one fault at a time. */
    public void injectAt(long atMicros, Fault fault) {
        scheduleAt(atMicros, new SimEvent.Inject(fault));
    }
}
