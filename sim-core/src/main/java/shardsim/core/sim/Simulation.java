package shardsim.core.sim;

import shardsim.core.aim.Windows;
import shardsim.core.check.SimView;
import shardsim.core.random.SimRandom;
import shardsim.core.trace.Actor;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceData;
import shardsim.core.workload.Operation;
import shardsim.core.workload.TimedOperation;
import shardsim.core.workload.Workload;

/**
 * One simulation: the event loop that owns virtual time, and the parts it drives, each a class of
 * its own: the {@link #nodes} and their incarnations, the {@link #network}, {@link #faults fault
 * injection}, the {@link #checks} and the {@link #record run record}. Single-threaded; everything
 * it does follows from the seed.
 *
 * <p>A scenario reads as a story: add nodes, register checks, inject a fault plan, schedule the
 * workload, then {@link #runUntil} and {@link #finish}. Safety invariants run after every event;
 * validations once at the end; liveness checks at their deadlines. Checks read the run through
 * {@link #view}, which can neither send, schedule nor change a node.
 */
public final class Simulation {
    private final SimConfig config;
    private final long seed;
    /** Tracked, so that {@link #reseed} reaches every stream the run forked (network, each incarnation, models). */
    private final SimRandom random;

    final EventLoop loop = new EventLoop(this);
    final RunRecord record;
    final Nodes nodes;
    final Checks checks;
    final Faults faults;
    private final Network network;
    /** The windows model code announces; nothing on it draws or traces. */
    private final Windows windows = new Windows(this::now);

    private final SimView view;

    /** A simulation of seed {@code seed} recording into {@code trace}; nothing happens until {@link #runUntil}. */
    public Simulation(long seed, SimConfig config, Trace trace) {
        this.config = config;
        this.seed = seed;
        this.random = SimRandom.tracked(seed);
        this.record = new RunRecord(this, trace);
        this.nodes = new Nodes(this);
        this.checks = new Checks(this);
        this.faults = new Faults(this);
        this.view = new ReadView(this);
        this.network = new Network(this, config.defaultLink());
    }

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
        return loop.now;
    }

    /** The number of scheduled events handled so far. */
    public long eventNumber() {
        return loop.eventNumber;
    }

    /** The nodes: adding them, their codes, crashes and restarts, and their state. */
    public Nodes nodes() {
        return nodes;
    }

    /** The simulated network: link policies, partitions and counts. */
    public Network network() {
        return network;
    }

    /** Fault injection: plans, single faults, aimed faults, handlers of scenario kinds, faults in force. */
    public Faults faults() {
        return faults;
    }

    /** The checks: invariants, validations, liveness, observers, coverage and the violations found. */
    public Checks checks() {
        return checks;
    }

    /** What the run records: trace, parameters, notes, metrics and code probes. */
    public RunRecord record() {
        return record;
    }

    /** The run as a check sees it: state to read and violations to raise, nothing to send or change. */
    public SimView view() {
        return view;
    }

    /** The run's board of risky windows, which model code announces ({@code NodeContext.openWindow}). */
    public Windows windows() {
        return windows;
    }

    // ---- scheduling --------------------------------------------------------------------------

    /** Runs {@code action} (a workload step, a scripted move) at an absolute virtual time. */
    public void at(long atMicros, String label, Runnable action) {
        loop.scheduleAt(atMicros, new SimEvent.Action(Actor.DRIVER, new TraceData.Step(label), action, true));
    }

    /** Runs {@code action} after a delay from now. */
    public void after(long delayMicros, String label, Runnable action) {
        loop.schedule(delayMicros, new SimEvent.Action(Actor.DRIVER, new TraceData.Step(label), action, true));
    }

    /** Performs a scenario's operations. */
    public interface OperationHandler {
        /** Performs one operation of the workload, at its time. */
        void perform(Operation operation);
    }

    /**
     * Schedules every operation of the workload; each runs {@code handler} at its time and is
     * traced as the workload's step. Like {@link Faults#inject}, call it before the run so that a
     * workload read back from a plan file is scheduled exactly as the generated one was.
     */
    public void perform(Workload workload, OperationHandler handler) {
        for (TimedOperation op : workload.operations()) {
            Operation o = op.operation();
            loop.scheduleAt(
                    op.atMicros(),
                    new SimEvent.Action(Actor.WORKLOAD, new TraceData.Perform(o), () -> handler.perform(o), true));
        }
    }

    // ---- the loop ----------------------------------------------------------------------------

    /**
     * Handles events until the next one is later than {@code endMicros}, the queue empties, a
     * violation stops the run, or the budget runs out (itself a violation). Afterwards the clock
     * reads {@code endMicros} unless the run stopped early.
     */
    public void runUntil(long endMicros) {
        loop.run(endMicros, Long.MAX_VALUE);
        if (!loop.stopped && endMicros > loop.now) {
            loop.now = endMicros;
        }
    }

    /**
     * Handles events up to and including event number {@code lastEvent} (with its checks), unless
     * the run stops, empties or passes {@code endMicros} first, as {@link #runUntil} would. The
     * clock stays at the last handled event's time. Events are handled exactly as by
     * {@link #runUntil}, so a run driven to an event number and then on to its end is the same run.
     */
    public void runThroughEvent(long lastEvent, long endMicros) {
        loop.run(endMicros, lastEvent);
    }

    /** Whether a violation or the budget stopped the run. */
    public boolean stopped() {
        return loop.stopped;
    }

    /** Runs the end-of-run validations (unless already stopped) and traces the verdict. */
    public void finish() {
        if (loop.finished) {
            return;
        }
        loop.finished = true;
        checks.finish();
    }
}
