package shardsim.core.sim;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import shardsim.core.node.Envelope;
import shardsim.core.trace.Actor;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceData;

/**
 * What a run records besides its state: the trace (and so the digest), the parameters drawn or
 * given, notes, metrics and code probes. Recording draws nothing and changes nothing in the run.
 */
public final class RunRecord {
    private final Simulation sim;
    private final Trace trace;
    private final LinkedHashMap<String, String> params = new LinkedHashMap<>();
    private final Metrics metrics = new Metrics();
    private final Probes probes = new Probes();

    RunRecord(Simulation sim, Trace trace) {
        this.sim = sim;
        this.trace = trace;
    }

    /** The run's trace. */
    public Trace trace() {
        return trace;
    }

    /** A parameter of the run (drawn from the seed or given), traced before anything happens. */
    public void param(String name, Object value) {
        String v = String.valueOf(value);
        params.put(name, v);
        event(Actor.SIM, new TraceData.Param(name, v));
    }

    /** The run's parameters, in the order recorded. */
    public Map<String, String> params() {
        return Collections.unmodifiableMap(params);
    }

    /** A note in the trace, by one of the kernel's actors ({@link Actor#DRIVER}, ...) or a node's ({@link Actor#node}). */
    public void note(Actor actor, String detail) {
        event(actor, new TraceData.Note(detail));
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

    // ---- the kernel's events -----------------------------------------------------------------

    /** Records {@code data} under the kind it declares. */
    void event(Actor actor, TraceData data) {
        event(actor.label(), data);
    }

    /** Records {@code data} by a node or its worker, named as the kernel holds it (no {@link Actor} made per event). */
    void event(String actor, TraceData data) {
        trace.record(sim.now(), sim.eventNumber(), actor, data);
    }

    // The kernel's most frequent events: when the trace only digests, their fields go straight
    // into the digest (through the writer their TraceData kind uses) and no event is made.

    void send(String actor, Envelope env) {
        if (trace.digestsOnly()) {
            TraceData.Send.write(
                    trace.begin(sim.now(), sim.eventNumber(), TraceData.Send.KIND, actor, TraceData.Send.CODE), env);
            trace.end();
        } else {
            event(actor, new TraceData.Send(env));
        }
    }

    void deliver(String actor, long messageId, boolean copy) {
        if (trace.digestsOnly()) {
            TraceData.Deliver.write(
                    trace.begin(sim.now(), sim.eventNumber(), TraceData.Deliver.KIND, actor, TraceData.Deliver.CODE),
                    messageId,
                    copy);
            trace.end();
        } else {
            event(actor, new TraceData.Deliver(messageId, copy));
        }
    }

    void timer(TimerImpl t) {
        String actor = t.owner.host.name;
        if (trace.digestsOnly()) {
            long now = sim.now();
            long eventNumber = sim.eventNumber();
            if (t.isCall()) {
                TraceData.CallTimeout.write(
                        trace.begin(now, eventNumber, TraceData.CallTimeout.KIND, actor, TraceData.CallTimeout.CODE),
                        t.callId,
                        t.callTo);
            } else {
                TraceData.Step.write(
                        trace.begin(now, eventNumber, TraceData.Step.KIND, actor, TraceData.Step.CODE), t.label);
            }
            trace.end();
        } else {
            event(actor, t.isCall() ? new TraceData.CallTimeout(t.callId, t.callTo) : new TraceData.Step(t.label));
        }
    }
}
