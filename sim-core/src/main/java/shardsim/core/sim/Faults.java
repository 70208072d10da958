package shardsim.core.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import shardsim.core.aim.AimedInjector;
import shardsim.core.aim.Windows;
import shardsim.core.fault.End;
import shardsim.core.fault.Fault;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.LastingFault;
import shardsim.core.fault.NetFault;
import shardsim.core.fault.NodeFault;
import shardsim.core.fault.TimedFault;
import shardsim.core.trace.Actor;
import shardsim.core.trace.TraceData;

/**
 * Fault injection: a plan's faults at their times, single faults, faults aimed at a window, the
 * handlers of scenario-defined kinds, and how many faults are in force (which liveness waits on).
 */
public final class Faults implements AimedInjector {
    private final Simulation sim;
    private final List<Handler> handlers = new ArrayList<>();
    /** The next and the end of the event-queue sequence numbers reserved for aimed faults ({@link #reserveAimSlots}). */
    private long nextAimSlot;

    private long aimSlotsEnd;
    private int active;
    /** Bumped at every change of the faults in force: a liveness deadline set before it is void. */
    long epoch;

    private long quietSinceMicros;

    /**
     * Handles scenario-defined fault kinds; returns false for kinds it does not know. A
     * {@link LastingFault} comes here twice, as itself: {@code starts} when it starts and not when
     * its {@link End} ends it. A momentary fault comes once, starting.
     */
    @FunctionalInterface
    public interface Handler {
        /** Applies {@code fault} ({@code starts}: as it starts; otherwise as its end ends it) and returns true, or returns false for a kind it does not know. */
        boolean apply(Fault fault, boolean starts);
    }

    Faults(Simulation sim) {
        this.sim = sim;
    }

    /** Schedules every fault of the plan. */
    public void inject(FaultPlan plan) {
        for (TimedFault tf : plan.faults()) {
            sim.loop.scheduleAt(tf.atMicros(), new SimEvent.Inject(tf.fault()));
        }
    }

    /** Convenience for drivers that inject one fault at a time. */
    public void injectAt(long atMicros, Fault fault) {
        sim.loop.scheduleAt(atMicros, new SimEvent.Inject(fault));
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
        nextAimSlot = sim.loop.reserveSlots(n);
        aimSlotsEnd = nextAimSlot + n;
    }

    /**
     * Injects {@code fault} at {@code atMicros} (later than now), in a reserved slot, if
     * {@code stillAimed} holds then; otherwise the event vanishes unseen, like a cancelled timer
     * (no event number, no trace, no checks). {@code onFired} runs right after the fault applies.
     */
    @Override
    public void injectAimed(long atMicros, Fault fault, BooleanSupplier stillAimed, Runnable onFired) {
        if (atMicros <= sim.now()) {
            throw new IllegalArgumentException(
                    "an aimed fault lands after the event that aimed it: " + atMicros + " <= " + sim.now());
        }
        if (nextAimSlot >= aimSlotsEnd) {
            throw new IllegalStateException("no aim slot left (reserve more with reserveAimSlots)");
        }
        sim.loop.scheduleReserved(atMicros, nextAimSlot++, new SimEvent.Aimed(fault, stillAimed, onFired));
    }

    @Override
    public long now() {
        return sim.now();
    }

    @Override
    public List<String> nodeNames() {
        return sim.nodes.names();
    }

    @Override
    public List<String> crashableNodes() {
        return sim.nodes.crashable();
    }

    @Override
    public Windows windows() {
        return sim.windows();
    }

    /** Registers a handler for scenario-defined fault kinds. */
    public void onFault(Handler handler) {
        handlers.add(handler);
    }

    /** Injects a fault now (also how plans are applied). */
    public void apply(Fault fault) {
        sim.record.event(Actor.FAULTS, new TraceData.FaultApplied(fault));
        sim.checks.observeFault(fault);
        boolean starts = !(fault instanceof End);
        Fault kind = starts ? fault : ((End) fault).start();
        if (kind instanceof NodeFault nf && !sim.nodes.contains(nf.node())) {
            // A plan run in another seed's world may name a node this world lacks; like a
            // scenario's own faults, it is skipped with a note (plans are checked up front).
            sim.record.note(Actor.FAULTS, "skipped: no node " + nf.node() + " in this world");
            return;
        }
        // A crash of a node already down, or a restart of one already up, changes nothing in force.
        boolean noOp = (fault instanceof NodeFault.Crash c && !sim.nodes.isUp(c.node()))
                || (fault instanceof NodeFault.Restart r && sim.nodes.isUp(r.node()));
        boolean handled = applyKernelFault(kind, starts);
        for (int i = 0; !handled && i < handlers.size(); i++) {
            handled = handlers.get(i).apply(kind, starts);
        }
        if (!handled) {
            throw new IllegalStateException("no handler for fault kind " + fault.kind() + ": " + fault);
        }
        changeActivity(noOp ? 0 : fault.activityDelta());
    }

    /** Faults in force now (partitions, crashed nodes, clogs, scenario faults that last). */
    public int active() {
        return active;
    }

    /** Since when no fault has been in force or injected; -1 while one is in force. */
    public long quietSinceMicros() {
        return active > 0 ? -1 : quietSinceMicros;
    }

    /** Since when no fault has been in force, whether or not one is now (for a liveness message). */
    long lastQuietMicros() {
        return quietSinceMicros;
    }

    /** Applies a kernel kind as it starts or, for a lasting one, as it ends; false for other kinds. */
    private boolean applyKernelFault(Fault fault, boolean starts) {
        Network network = sim.network();
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
            long until = sim.now() + c.durationMicros();
            network.clog(c.a(), c.b(), until);
            // A clog is in force until it clears; count it so liveness waits for it.
            changeActivity(1);
            sim.loop.scheduleAt(
                    until,
                    new SimEvent.Action(
                            Actor.FAULTS,
                            new TraceData.Step("clog " + c.a() + "<->" + c.b() + " clears"),
                            () -> changeActivity(-1),
                            true));
        } else if (fault instanceof NetFault.SetLink s) {
            network.setPolicy(s.from(), s.to(), s.policy());
        } else if (fault instanceof NodeFault.Crash c) {
            sim.nodes.crash(c.node());
        } else if (fault instanceof NodeFault.Restart r) {
            sim.nodes.restart(r.node());
        } else if (fault instanceof NodeFault.ClockSkew s) {
            sim.nodes.skew(s.node(), s.skewMicros());
        } else if (fault instanceof NodeFault.CodeChange c) {
            sim.nodes.changeCode(c.node(), c.toMode());
        } else {
            return false;
        }
        return true;
    }

    private void changeActivity(int delta) {
        active = Math.max(0, active + delta);
        epoch++;
        if (active == 0) {
            quietSinceMicros = sim.now();
            sim.checks.faultsEnded();
        }
    }
}
