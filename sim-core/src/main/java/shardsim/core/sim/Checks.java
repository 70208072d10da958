package shardsim.core.sim;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import shardsim.core.check.Invariant;
import shardsim.core.check.Liveness;
import shardsim.core.check.Rule;
import shardsim.core.check.Violation;
import shardsim.core.coverage.Abstraction;
import shardsim.core.coverage.Coverage;
import shardsim.core.coverage.CoverageRecorder;
import shardsim.core.fault.Fault;
import shardsim.core.node.Envelope;
import shardsim.core.trace.Actor;
import shardsim.core.trace.Micros;
import shardsim.core.trace.TraceData;

/**
 * The run's checks and what they found: safety invariants after every event, validations at the
 * end, liveness at its deadlines, observers of traffic and faults, coverage abstractions, and the
 * violations, one per invariant. Checks observe: while model code runs, no violation may be raised.
 */
public final class Checks {
    private final Simulation sim;
    private final List<Invariant> invariants = new ArrayList<>();
    private final List<Invariant> validations = new ArrayList<>();
    private final List<Liveness> liveness = new ArrayList<>();
    private final List<RunObserver> observers = new ArrayList<>();
    private final List<Violation> violations = new ArrayList<>();
    private final CoverageRecorder coverage = new CoverageRecorder();
    /** Invariants whose violation does not stop a run that stops at its first: the known gaps of its modes. */
    private final Set<String> goOnPast = new TreeSet<>();
    /** True while model code runs (a message, timer, task, fault, boot or driver action): no violation may be raised. */
    private boolean inModel;

    Checks(Simulation sim) {
        this.sim = sim;
    }

    /**
     * A safety invariant checked after every event once the world has {@link Nodes#booted booted}
     * (and not before: a node not booted yet is not a node that is down).
     */
    public void invariant(Invariant invariant) {
        invariants.add(invariant);
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
     * An abstraction of the model's state for coverage, sampled once the world has
     * {@link Nodes#booted booted} and after every event from then on. Like a check it only reads
     * the model; unlike one it never fails a run.
     */
    public void abstraction(Abstraction abstraction) {
        coverage.add(abstraction);
    }

    /** The abstract states and transitions the run has reached so far. */
    public Coverage coverage() {
        return coverage.coverage();
    }

    /** Registers an observer of messages and faults (a check's eyes; it reads, never changes, the run). */
    public void observe(RunObserver observer) {
        observers.add(observer);
    }

    /**
     * Runs {@code check} at an absolute virtual time as a check, not as model code: it may read any
     * state and raise violations. Traced as a driver step, like {@link Simulation#at}, so moving a
     * sample from {@code at} to here leaves a run's digest unchanged.
     */
    public void checkAt(long atMicros, String label, Runnable check) {
        sim.loop.scheduleAt(atMicros, new SimEvent.Check(new TraceData.Step(label), check));
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
            throw new IllegalStateException(
                    "violation " + invariant + " raised by model code at t=" + Micros.format(sim.now()) + " (event "
                            + sim.eventNumber()
                            + "): checks observe; raise it from an invariant, a validation, a liveness check or Checks.checkAt");
        }
        for (Violation v : violations) {
            if (v.invariant().equals(invariant)) {
                return;
            }
        }
        Violation v = new Violation(invariant, message, sim.now(), sim.eventNumber());
        violations.add(v);
        sim.record.event(Actor.CHECK, new TraceData.Violation(invariant, message));
        if (sim.config().stopOnFirstViolation() && !goOnPast.contains(invariant)) {
            // The loop stops after this event's invariants have all been checked, so every
            // invariant the same event broke is reported, not only the first one found.
            sim.loop.stopped = true;
        }
    }

    /** A violation of a declared invariant: {@link #violation(String, String)} under its name. */
    public void violation(Rule rule, String message) {
        violation(rule.name(), message);
    }

    /**
     * A run that stops at its first violation goes on past a violation of these: a known gap is a
     * finding, so the claims must still be judged to the end of the run.
     */
    public void goOnPast(Collection<String> invariants) {
        goOnPast.addAll(invariants);
    }

    /** The violations so far, one per invariant, in the order found. */
    public List<Violation> violations() {
        return Collections.unmodifiableList(violations);
    }

    /** Whether no invariant has been violated so far. */
    public boolean ok() {
        return violations.isEmpty();
    }

    // ---- driven by the loop, the faults and the network ----------------------------------------

    /** Dispatches one event with the guard up, unless the event is itself a check. */
    void dispatchGuarded(SimEvent e) {
        boolean check = e instanceof SimEvent.Check || e instanceof SimEvent.LivenessDeadline;
        inModel = !check;
        try {
            sim.loop.dispatch(e);
        } finally {
            inModel = false;
        }
    }

    /** After an event of a booted world: every invariant, then a coverage sample. */
    void afterEvent() {
        for (int i = 0; i < invariants.size(); i++) {
            Invariant inv = invariants.get(i);
            String problem = inv.check();
            if (problem != null) {
                violation(inv.name(), problem);
            }
        }
        coverage.sample();
    }

    void sampleCoverage() {
        coverage.sample();
    }

    /** The end of the run: the validations (unless it stopped), then the verdict. */
    void finish() {
        if (!sim.loop.stopped) {
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
        sim.record.event(Actor.SIM, new TraceData.Verdict(violated, sim.eventNumber()));
    }

    /** No fault is in force any more: every liveness check gets its deadline from now. */
    void faultsEnded() {
        for (int i = 0; i < liveness.size(); i++) {
            scheduleLivenessDeadline(i);
        }
    }

    private void scheduleLivenessDeadline(int index) {
        Faults faults = sim.faults;
        if (faults.active() == 0) {
            sim.loop.scheduleAt(
                    Math.max(sim.now(), faults.lastQuietMicros())
                            + liveness.get(index).withinMicros(),
                    new SimEvent.LivenessDeadline(index, faults.epoch));
        }
    }

    void judgeLiveness(SimEvent.LivenessDeadline l) {
        Faults faults = sim.faults;
        if (l.epoch() != faults.epoch || faults.active() > 0) {
            return;
        }
        Liveness check = liveness.get(l.index());
        String problem = check.check().get();
        sim.record.event(Actor.CHECK, new TraceData.Liveness(check.name(), problem == null));
        if (problem != null) {
            violation(
                    check.name(),
                    problem + " (" + Micros.format(check.withinMicros()) + " after the last fault at "
                            + Micros.format(faults.lastQuietMicros()) + ")");
        }
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

    void observeDropped(Envelope env, TraceData.Loss why) {
        for (int i = 0; i < observers.size(); i++) {
            observers.get(i).dropped(env, why);
        }
    }

    void observeFault(Fault fault) {
        for (int i = 0; i < observers.size(); i++) {
            observers.get(i).faultApplied(fault);
        }
    }
}
