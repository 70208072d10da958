package shardsim.core.sim;

import java.util.LinkedHashMap;
import shardsim.core.net.Link;
import shardsim.core.net.LinkPolicy;
import shardsim.core.node.Envelope;
import shardsim.core.node.Message;
import shardsim.core.random.SimRandom;
import shardsim.core.trace.TraceData;

/**
 * The simulated network: per-link policies (loss, duplication, delay, capacity), partitions that
 * may overlap (a link is cut while any partition covering it is in force), and clogs that hold
 * traffic until they clear. A message is judged when sent and again when it arrives, so a
 * partition that starts while a message is in flight drops it.
 */
public final class Network {
    private final Simulation sim;
    private final SimRandom random;
    private LinkPolicy defaultPolicy;
    /** All maps here are looked up by key and never iterated for behaviour. */
    private final LinkedHashMap<Link, LinkPolicy> policies = new LinkedHashMap<>();

    private final LinkedHashMap<Link, Integer> cuts = new LinkedHashMap<>();
    private final LinkedHashMap<Link, Long> cloggedUntil = new LinkedHashMap<>();
    /** The latest time any clog in {@link #cloggedUntil} holds traffic until. */
    private long cloggedUntilMax = Long.MIN_VALUE;

    private long delivered;
    private long dropped;
    private long duplicated;
    private long nextEnvelopeId = 1;
    private long nextCallId = 1;

    Network(Simulation sim, LinkPolicy defaultPolicy) {
        this.sim = sim;
        this.random = sim.random().fork("network");
        this.defaultPolicy = defaultPolicy;
    }

    /** The policy of every link without one of its own. */
    public LinkPolicy defaultPolicy() {
        return defaultPolicy;
    }

    /** Sets the policy of every link without one of its own, from now on. */
    public void setDefaultPolicy(LinkPolicy policy) {
        this.defaultPolicy = policy;
    }

    /** Sets the policy of the directed link {@code from -> to}. */
    public void setPolicy(String from, String to, LinkPolicy policy) {
        policies.put(new Link(from, to), policy);
    }

    /** The policy of the directed link {@code from -> to} (its own, or the default). */
    public LinkPolicy policy(String from, String to) {
        return policy(new Link(from, to));
    }

    private LinkPolicy policyOf(String from, String to) {
        return policies.isEmpty() ? defaultPolicy : policy(new Link(from, to));
    }

    private long cloggedUntil(String from, String to) {
        if (cloggedUntil.isEmpty()) {
            return Long.MIN_VALUE;
        }
        if (sim.now() >= cloggedUntilMax) {
            // Every clog has cleared, and a cleared one holds nothing (its time is not after now,
            // so neither after a send's arrival time): forget them, so that a run with one early
            // clog does not make a key on every send and arrival after it.
            cloggedUntil.clear();
            return Long.MIN_VALUE;
        }
        Long until = cloggedUntil.get(new Link(from, to));
        return until == null ? Long.MIN_VALUE : until;
    }

    private boolean cut(String from, String to) {
        return !cuts.isEmpty() && cuts.containsKey(new Link(from, to));
    }

    private LinkPolicy policy(Link link) {
        LinkPolicy p = policies.get(link);
        return p != null ? p : defaultPolicy;
    }

    /** Cuts both directions between {@code a} and {@code b} until {@link #heal}. */
    public void partition(String a, String b) {
        cut(new Link(a, b), 1);
        cut(new Link(b, a), 1);
    }

    /** Cuts messages from {@code from} to {@code to} until {@link #healOneWay}. */
    public void partitionOneWay(String from, String to) {
        cut(new Link(from, to), 1);
    }

    /** Restores both directions between {@code a} and {@code b}. */
    public void heal(String a, String b) {
        cut(new Link(a, b), -1);
        cut(new Link(b, a), -1);
    }

    /** Restores messages from {@code from} to {@code to}. */
    public void healOneWay(String from, String to) {
        cut(new Link(from, to), -1);
    }

    /** Whether messages from {@code from} to {@code to} are cut now. */
    public boolean isCut(String from, String to) {
        return cuts.containsKey(new Link(from, to));
    }

    /** Holds traffic both ways between two nodes until {@code untilMicros}. */
    public void clog(String a, String b, long untilMicros) {
        cloggedUntilMax = Math.max(cloggedUntilMax, untilMicros);
        cloggedUntil.merge(new Link(a, b), untilMicros, Math::max);
        cloggedUntil.merge(new Link(b, a), untilMicros, Math::max);
    }

    /** Messages delivered so far (copies included). */
    public long delivered() {
        return delivered;
    }

    /** Messages dropped so far (lost, cut by a partition, or over a link's capacity). */
    public long dropped() {
        return dropped;
    }

    /** Messages the link sent twice so far. */
    public long duplicated() {
        return duplicated;
    }

    private void cut(Link link, int delta) {
        int n = cuts.getOrDefault(link, 0) + delta;
        if (n <= 0) {
            cuts.remove(link);
        } else {
            cuts.put(link, n);
        }
    }

    /** A new envelope on {@code route} (whose receiver {@link Nodes#host} found). */
    Envelope newEnvelope(Route route, Message message, long callId, boolean reply) {
        return new Envelope(nextEnvelopeId++, route.from.name, route.to.name, message, callId, reply, sim.now());
    }

    long nextCallId() {
        return nextCallId++;
    }

    /** Sends {@code env} on {@code route}, the link from its sender to its receiver. */
    void send(Envelope env, Route route) {
        String from = env.from();
        String to = env.to();
        sim.record.send(from, env);
        sim.checks.observeSent(env);
        if (route.self()) {
            // A node talking to itself does not cross the network.
            sim.loop.schedule(0, new SimEvent.Deliver(env, false, route));
            return;
        }
        if (cut(from, to)) {
            drop(env, TraceData.Loss.PARTITIONED);
            return;
        }
        LinkPolicy policy = policyOf(from, to);
        if (route.inFlight >= policy.capacity()) {
            drop(env, TraceData.Loss.LINK_FULL);
            return;
        }
        if (random.chance(policy.lossProbability())) {
            drop(env, TraceData.Loss.LOST);
            return;
        }
        schedule(env, policy, false, route);
        int copies = 1;
        if (random.chance(policy.duplicateProbability())) {
            sim.record.event(from, new TraceData.Duplicate(env.id()));
            schedule(env, policy, true, route);
            duplicated++;
            copies++;
        }
        route.inFlight += copies;
    }

    private void schedule(Envelope env, LinkPolicy policy, boolean copy, Route route) {
        long at = sim.now() + policy.delay().draw(random);
        long until = cloggedUntil(env.from(), env.to());
        if (until > at) {
            at = until;
        }
        sim.loop.scheduleAt(at, new SimEvent.Deliver(env, copy, route));
    }

    void deliver(SimEvent.Deliver d) {
        Envelope env = d.envelope();
        Route route = d.route();
        if (!route.self()) {
            String from = env.from();
            String to = env.to();
            long until = cloggedUntil(from, to);
            if (until > sim.now()) {
                // Still clogged: hold it until the clog clears.
                sim.loop.scheduleAt(until, d);
                return;
            }
            route.inFlight = Math.max(0, route.inFlight - 1);
            if (cut(from, to)) {
                drop(env, TraceData.Loss.PARTITIONED_IN_FLIGHT);
                return;
            }
        }
        NodeHost receiver = route.to;
        HostContext ctx = receiver.up ? receiver.context : null;
        if (ctx == null) {
            drop(env, TraceData.Loss.RECEIVER_DOWN);
            return;
        }
        delivered++;
        sim.record.deliver(receiver.name, env.id(), d.copy());
        sim.checks.observeDelivered(env, d.copy());
        ctx.receive(env, route.from);
    }

    private void drop(Envelope env, TraceData.Loss why) {
        dropped++;
        sim.record.event(env.from(), new TraceData.NetDrop(env.id(), why));
        sim.checks.observeDropped(env, why);
    }
}
