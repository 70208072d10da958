package shardsim.core.sim;

import shardsim.core.event.EventQueue;
import shardsim.core.trace.Actor;
import shardsim.core.trace.Micros;

/**
 * The event loop: virtual time, the event queue, and the handling of one event after another
 * until a bound, a violation or the budget stops it. What an event does is its part's to say.
 */
final class EventLoop {
    private final Simulation sim;
    private final EventQueue<SimEvent> queue = new EventQueue<>(1024);
    /** Whether timers go to the queue's lanes ({@link #timersInLanes}); for tests that compare with none. */
    private boolean timerLanes = true;

    long now;
    long eventNumber;
    /** Whether a violation or the budget stopped the run. */
    boolean stopped;

    boolean finished;
    /** Whether the loop has run at all (the start's coverage sample is taken once). */
    private boolean started;

    EventLoop(Simulation sim) {
        this.sim = sim;
    }

    /** Handles events until one is later than {@code endMicros}, the number {@code lastEvent} is handled, the queue empties, or the run stops. */
    void run(long endMicros, long lastEvent) {
        if (finished) {
            throw new IllegalStateException("run already finished");
        }
        RunBudget budget = sim.config().budget();
        if (eventNumber == 0 && !started) {
            started = true;
            sim.nodes.startRun();
        }
        while (!stopped && eventNumber < lastEvent && !queue.isEmpty()) {
            long t = queue.peekTime();
            if (t > endMicros) {
                break;
            }
            if (t > budget.maxVirtualMicros()) {
                sim.checks.violation(
                        RunBudget.INVARIANT,
                        "virtual time budget of " + Micros.format(budget.maxVirtualMicros()) + " exhausted");
                stopped = true;
                break;
            }
            if (eventNumber >= budget.maxEvents()) {
                sim.checks.violation(
                        RunBudget.INVARIANT,
                        "event budget of " + budget.maxEvents() + " events exhausted at t=" + Micros.format(now));
                stopped = true;
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
            sim.checks.dispatchGuarded(e);
            if (sim.nodes.booted()) {
                sim.checks.afterEvent();
            }
        }
    }

    /** Handles one event (the guard against violations from model code is the caller's). */
    void dispatch(SimEvent e) {
        if (e instanceof SimEvent.Deliver d) {
            sim.network().deliver(d);
        } else if (e instanceof TimerImpl t) {
            if (t.take()) {
                sim.record.timer(t);
                if (t.isCall()) {
                    t.owner.timedOut(t.callId);
                }
                t.action.run();
            }
        } else if (e instanceof SimEvent.WorkerWake w) {
            w.worker().wake(w.token());
        } else if (e instanceof SimEvent.Inject i) {
            sim.faults.apply(i.fault());
        } else if (e instanceof SimEvent.Aimed a) {
            sim.faults.apply(a.fault());
            a.onFired().run();
        } else if (e instanceof SimEvent.Action a) {
            if (a.traced()) {
                sim.record.event(a.actor(), a.label());
            }
            a.action().run();
        } else if (e instanceof SimEvent.Check c) {
            sim.record.event(Actor.DRIVER, c.label());
            c.check().run();
        } else if (e instanceof SimEvent.Boot b) {
            sim.nodes.firstBoot(b.node());
        } else if (e instanceof SimEvent.LivenessDeadline l) {
            sim.checks.judgeLiveness(l);
        } else {
            throw new IllegalStateException("unknown event kind " + e);
        }
    }

    /** Whether timers wait in the event queue's lanes or all in its heap; for tests that compare the two. */
    void timersInLanes(boolean lanes) {
        timerLanes = lanes;
    }

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

    /** Sets aside {@code n} queue slots; returns the first. */
    long reserveSlots(int n) {
        return queue.reserve(n);
    }

    /** Schedules {@code e} in a slot {@link #reserveSlots} set aside. */
    void scheduleReserved(long atMicros, long slot, SimEvent e) {
        queue.addReserved(atMicros, slot, e);
    }
}
