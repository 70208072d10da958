package shardsim.core.sim;

import java.util.LinkedHashMap;
import shardsim.core.net.Link;
import shardsim.core.net.LinkPolicy;
import shardsim.core.node.Envelope;
import shardsim.core.random.SimRandom;
import shardsim.core.trace.TraceData;
import shardsim.core.trace.TraceKind;

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
    private final LinkedHashMap<Link, Integer> inFlight = new LinkedHashMap<>();
    private long delivered;
    private long dropped;

    Network(Simulation sim, LinkPolicy defaultPolicy) {
        this.sim = sim;
        this.random = sim.random().fork("network");
        this.defaultPolicy = defaultPolicy;
    }

    public LinkPolicy defaultPolicy() {
        return defaultPolicy;
    }

    public void setDefaultPolicy(LinkPolicy policy) {
        this.defaultPolicy = policy;
    }

    /** Sets the policy of the directed link {@code from -> to}. */
    public void setPolicy(String from, String to, LinkPolicy policy) {
        policies.put(new Link(from, to), policy);
    }

    public LinkPolicy policy(String from, String to) {
        return policy(new Link(from, to));
    }

    private LinkPolicy policy(Link link) {
        LinkPolicy p = policies.get(link);
        return p != null ? p : defaultPolicy;
    }

    public void partition(String a, String b) {
        cut(new Link(a, b), 1);
        cut(new Link(b, a), 1);
    }

    public void partitionOneWay(String from, String to) {
        cut(new Link(from, to), 1);
    }

    public void heal(String a, String b) {
        cut(new Link(a, b), -1);
        cut(new Link(b, a), -1);
    }

    public void healOneWay(String from, String to) {
        cut(new Link(from, to), -1);
    }

    /** Whether messages from {@code from} to {@code to} are cut now. */
    public boolean isCut(String from, String to) {
        return cuts.containsKey(new Link(from, to));
    }

    /** Holds traffic both ways between two nodes until {@code untilMicros}. */
    public void clog(String a, String b, long untilMicros) {
        cloggedUntil.merge(new Link(a, b), untilMicros, Math::max);
        cloggedUntil.merge(new Link(b, a), untilMicros, Math::max);
    }

    public long delivered() {
        return delivered;
    }

    public long dropped() {
        return dropped;
    }

    private void cut(Link link, int delta) {
        int n = cuts.getOrDefault(link, 0) + delta;
        if (n <= 0) {
            cuts.remove(link);
        } else {
            cuts.put(link, n);
        }
    }

    void send(Envelope env) {
        String from = env.from();
        String to = env.to();
        sim.record(TraceKind.SEND, from, new TraceData.Send(env));
        if (from.equals(to)) {
            // A node talking to itself does not cross the network.
            sim.schedule(0, new SimEvent.Deliver(env, false));
            return;
        }
        Link link = new Link(from, to);
        if (cuts.containsKey(link)) {
            drop(env, TraceData.Loss.PARTITIONED);
            return;
        }
        LinkPolicy policy = policy(link);
        int flying = inFlight.getOrDefault(link, 0);
        if (flying >= policy.capacity()) {
            drop(env, TraceData.Loss.LINK_FULL);
            return;
        }
        if (random.chance(policy.lossProbability())) {
            drop(env, TraceData.Loss.LOST);
            return;
        }
        schedule(link, env, policy, false);
        int copies = 1;
        if (random.chance(policy.duplicateProbability())) {
            sim.record(TraceKind.DUPLICATE, from, new TraceData.Duplicate(env.id()));
            schedule(link, env, policy, true);
            copies++;
        }
        inFlight.put(link, flying + copies);
    }

    private void schedule(Link link, Envelope env, LinkPolicy policy, boolean copy) {
        long at = sim.now() + policy.delay().draw(random);
        Long until = cloggedUntil.get(link);
        if (until != null && until > at) {
            at = until;
        }
        sim.scheduleAt(at, new SimEvent.Deliver(env, copy));
    }

    void deliver(SimEvent.Deliver d) {
        Envelope env = d.envelope();
        String from = env.from();
        String to = env.to();
        if (!from.equals(to)) {
            Link link = new Link(from, to);
            Long until = cloggedUntil.get(link);
            if (until != null && until > sim.now()) {
                // Still clogged: hold it until the clog clears.
                sim.scheduleAt(until, d);
                return;
            }
            int n = inFlight.getOrDefault(link, 1) - 1;
            if (n <= 0) {
                inFlight.remove(link);
            } else {
                inFlight.put(link, n);
            }
            if (cuts.containsKey(link)) {
                drop(env, TraceData.Loss.PARTITIONED_IN_FLIGHT);
                return;
            }
        }
        HostContext ctx = sim.liveContext(to);
        if (ctx == null) {
            drop(env, TraceData.Loss.RECEIVER_DOWN);
            return;
        }
        delivered++;
        sim.record(TraceKind.DELIVER, to, new TraceData.Deliver(env.id(), d.copy()));
        ctx.receive(env);
    }

    private void drop(Envelope env, TraceData.Loss why) {
        dropped++;
        sim.record(TraceKind.DROP, env.from(), new TraceData.NetDrop(env.id(), why));
    }
}
