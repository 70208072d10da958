package shardsim.scenarios.versionskew.checks;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.TreeSet;
import shardsim.core.check.Invariant;
import shardsim.core.check.Rule;
import shardsim.core.fault.Fault;
import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.sim.RunObserver;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Micros;
import shardsim.scenarios.versionskew.model.MetaNode;
import shardsim.scenarios.versionskew.model.Timing;
import shardsim.scenarios.versionskew.plan.SkewFault;

/**
 * C8: a data node answers every request of meta's that reached it. Meta reaches a HoraeDB node by
 * gRPC unary calls, and the node's meta event service wraps every handler in one of two macros
 * ({@code handle_request!} for {@code open_shard}, {@code handle_request_with_version!} for
 * {@code create_table_on_shard} / {@code drop_table_on_shard}; server/src/grpc/meta_event_service/mod.rs
 * l.141-235 at horaedb 642934ae) that turn the handler's result, an error or a failed join of its
 * task included, into a response header ({@code build_ok_header} / {@code build_err_header}) and
 * return {@code Ok(Response)} on every path. So only the node's process ending, or the network
 * losing the answer, leaves meta waiting for its timeout; a model that drops an answer turns an
 * error into a node failure.
 *
 * <p>Read from outside, through the kernel's {@link RunObserver}: a request (an envelope with a
 * call id) from meta delivered to a live data node opens an entry for that node's incarnation; a
 * reply with that call id the node sends closes it (whether the link then delivers it is the
 * network's business). The link's duplicate of a request is the same request: only its first
 * delivery opens an entry. An entry is dropped when the incarnation ends (a crash, a restart, a
 * code change). The scenario's {@link SkewFault.ResponseDropped}, an answer lost on the wire, which
 * the model draws at the node, excuses one request of that kind the same incarnation owed when
 * the answer was lost.
 *
 * <p>The bound: a node answers in the event that delivers the request, except an
 * {@code OpenShard} that must first fetch meta's view with {@code GetTablesOfShards}; that call is
 * made in the same event and ends, by a reply or by its timeout, {@link Timing#rpcTimeoutMicros()}
 * later at the latest. A request is late once unanswered for longer than that; at the end of the
 * run only requests older than the bound count, so one still legitimately in flight never fails it.
 */
final class RequestsAnswered implements RunObserver {
    static final Rule C8 = new Rule(
            "C8",
            "every request meta sends that reaches a live data node incarnation is answered by it within the node's own rpc timeout (the GetTablesOfShards an open waits on), unless the incarnation ends first or the answer is lost on the wire; a duplicated request is one request");

    /** One request the node has not answered yet. */
    private record Pending(long callId, String node, Node instance, String kind, long deliveredMicros) {}

    private final Simulation sim;
    private final TreeSet<String> dataNodes;
    private final long boundMicros;
    /** Unanswered requests by call id, oldest delivery first. */
    private final LinkedHashMap<Long, Pending> pending = new LinkedHashMap<>();
    /** Call ids of requests delivered so far, so that a duplicate copy opens nothing. */
    private final TreeSet<Long> seen = new TreeSet<>();
    /** One per answer lost on the wire: the calls it may have been the answer to (see {@link #faultApplied}). */
    private final List<TreeSet<Long>> excuses = new ArrayList<>();

    RequestsAnswered(Simulation sim, List<String> dataNodes, Timing timing) {
        this.sim = sim;
        this.dataNodes = new TreeSet<>(dataNodes);
        this.boundMicros = boundMicros(timing);
    }

    /** How long a live node may leave a request unanswered: its own call to meta's timeout. */
    static long boundMicros(Timing timing) {
        return timing.rpcTimeoutMicros();
    }

    /** Observes the run's messages and faults, and checks C8 after every event and at the end. */
    void register() {
        sim.checks().observe(this);
        sim.checks().invariant(Invariant.of(C8, this::late));
        sim.checks().validation(Invariant.of(C8, this::late));
    }

    @Override
    public void delivered(Envelope env, boolean copy) {
        if (env.isRequest()
                && MetaNode.NAME.equals(env.from())
                && dataNodes.contains(env.to())
                && seen.add(env.callId())) {
            String kind = env.message().getClass().getSimpleName();
            pending.put(
                    env.callId(),
                    new Pending(env.callId(), env.to(), sim.nodes().node(env.to()), kind, sim.now()));
        }
    }

    @Override
    public void sent(Envelope env) {
        if (env.reply() && dataNodes.contains(env.from())) {
            Pending p = pending.get(env.callId());
            if (p != null && p.node().equals(env.from())) {
                pending.remove(env.callId());
            }
        }
    }

    /**
     * A lost answer excuses the request whose answer it is. The fault does not say which call that
     * was, only the node and the kind, so it excuses one of the requests of that kind the same
     * incarnation owes at that moment (the node swallows the answer while it handles the request: in
     * the event that delivered it, or in the callback of the call an open waits on), whichever of
     * them turns late first. A loss with no such request owed excuses nothing, so it cannot cover a
     * request that arrives later.
     */
    @Override
    public void faultApplied(Fault fault) {
        if (fault instanceof SkewFault.ResponseDropped d) {
            Node instance = sim.nodes().node(d.node());
            TreeSet<Long> owed = new TreeSet<>();
            for (Pending p : pending.values()) {
                if (p.node().equals(d.node()) && p.kind().equals(d.request()) && p.instance() == instance) {
                    owed.add(p.callId());
                }
            }
            if (!owed.isEmpty()) {
                excuses.add(owed);
            }
        }
    }

    /** Takes the excuse of a lost answer that may be {@code p}'s, if one is left. */
    private boolean excused(Pending p) {
        for (int i = 0; i < excuses.size(); i++) {
            if (excuses.get(i).contains(p.callId())) {
                excuses.remove(i);
                return true;
            }
        }
        return false;
    }

    /** C8 now: null unless the oldest unanswered request of a live incarnation is older than the bound. */
    String late() {
        long now = sim.now();
        Iterator<Pending> it = pending.values().iterator();
        while (it.hasNext()) {
            Pending p = it.next();
            if (sim.nodes().node(p.node()) != p.instance()) {
                it.remove();
                continue;
            }
            if (now - p.deliveredMicros() <= boundMicros) {
                return null;
            }
            if (excused(p)) {
                it.remove();
                continue;
            }
            return p.kind() + " (call " + p.callId() + ") delivered to " + p.node() + " at "
                    + Micros.format(p.deliveredMicros()) + " is unanswered at " + Micros.format(now) + ", more than "
                    + Micros.format(boundMicros) + " later, by the same live incarnation";
        }
        return null;
    }
}
