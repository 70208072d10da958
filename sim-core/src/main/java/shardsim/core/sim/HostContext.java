package shardsim.core.sim;

import java.util.LinkedHashMap;
import java.util.function.Consumer;
import shardsim.core.node.Disk;
import shardsim.core.node.Envelope;
import shardsim.core.node.Message;
import shardsim.core.node.NodeContext;
import shardsim.core.node.Timer;
import shardsim.core.random.SimRandom;
import shardsim.core.trace.TraceData;
import shardsim.core.worker.WorkerQueue;

/** One incarnation's context. Everything it scheduled is void once the incarnation ends. */
final class HostContext implements NodeContext {
    private final Simulation sim;
    final NodeHost host;
    private final int incarnation;
    private final SimRandom random;
    /** The code this incarnation runs: fixed for its life, whatever the host runs later. */
    private final String code;
    /** Whether the node's factory or start looked at {@link #code}: a node on another mode's code that never did runs the wrong code. */
    boolean codeRead;
    /** Pending calls (their timeouts, which hold the reply handler) by id; looked up by key, never iterated. */
    private final LongMap<TimerImpl> calls = new LongMap<>();
    /** Worker queues in creation order. */
    final LinkedHashMap<String, WorkerImpl> workers = new LinkedHashMap<>();
    /** The last envelope handed to the node and its sender, so that a reply to it finds its link at once. */
    private Envelope lastReceived;

    private NodeHost lastReceivedFrom;
    /** The name this node last sent to (the same instance) and its host: a node sends to few peers, often by one constant. */
    private String lastTo;

    private NodeHost lastToHost;

    HostContext(Simulation sim, NodeHost host, int incarnation) {
        this.sim = sim;
        this.host = host;
        this.incarnation = incarnation;
        this.random = sim.random().fork("node/" + host.name + "/" + incarnation);
        this.code = host.code;
    }

    boolean live() {
        return host.up && host.context == this;
    }

    @Override
    public String name() {
        return host.name;
    }

    @Override
    public long now() {
        return sim.now() + host.skewMicros;
    }

    @Override
    public SimRandom random() {
        return random;
    }

    @Override
    public Disk disk() {
        return host.disk;
    }

    @Override
    public int incarnation() {
        return incarnation;
    }

    @Override
    public String code() {
        codeRead = true;
        return code;
    }

    @Override
    public void send(String to, Message message) {
        requireLive();
        Route route = host.routeTo(receiver(to));
        sim.network().send(sim.network().newEnvelope(route, message, 0, false), route);
    }

    @Override
    public <R extends Message> void call(
            String to,
            Message request,
            Class<R> replyType,
            long timeoutMicros,
            Consumer<? super R> onReply,
            Runnable onTimeout) {
        requireLive();
        if (replyType == null) {
            throw new IllegalArgumentException("a call needs the type of its reply");
        }
        long callId = sim.network().nextCallId();
        TimerImpl timeout = TimerImpl.call(this, callId, to, request, replyType, onReply, onTimeout);
        calls.put(callId, timeout);
        sim.loop.scheduleTimer(timeoutMicros, timeout);
        Route route = host.routeTo(receiver(to));
        sim.network().send(sim.network().newEnvelope(route, request, callId, false), route);
    }

    @Override
    public void reply(Envelope request, Message response) {
        requireLive();
        if (!request.isRequest()) {
            throw new IllegalStateException("reply to a message that is not a request: " + request.describe());
        }
        // A reply to the message being handled goes back on the link it came by, found without a lookup.
        NodeHost back = request == lastReceived ? lastReceivedFrom : sim.nodes.host(request.from());
        Route route = host.routeTo(back);
        sim.network().send(sim.network().newEnvelope(route, response, request.callId(), true), route);
    }

    @Override
    public Timer setTimer(String label, long delayMicros, Runnable action) {
        requireLive();
        if (delayMicros < 0) {
            throw new IllegalArgumentException("negative timer delay");
        }
        TimerImpl t = TimerImpl.timer(this, label, action);
        sim.loop.scheduleTimer(delayMicros, t);
        return t;
    }

    @Override
    public WorkerQueue worker(String name) {
        WorkerImpl w = workers.get(name);
        return w != null ? w : worker(name, sim.config().workerCapacity());
    }

    @Override
    public WorkerQueue worker(String name, int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("worker capacity must be positive");
        }
        WorkerImpl w = workers.get(name);
        if (w == null) {
            w = new WorkerImpl(sim, this, name, capacity);
            workers.put(name, w);
        } else if (w.capacity() != capacity) {
            throw new IllegalArgumentException(
                    "worker " + name + " has capacity " + w.capacity() + ", not " + capacity);
        }
        return w;
    }

    @Override
    public shardsim.core.aim.Window openWindow(String kind, long subject, java.util.List<String> nodes) {
        requireLive();
        return sim.windows().open(kind, subject, nodes, host.name);
    }

    @Override
    public void probe(String name) {
        sim.record.probe(name);
    }

    @Override
    public void closeWindow(String kind, long subject) {
        requireLive();
        sim.windows().close(kind, subject, host.name);
    }

    @Override
    public void trace(String detail) {
        sim.record.event(host.name, new TraceData.Note(detail));
    }

    /** Routes an arriving envelope: replies to their pending call, the rest to the node. */
    void receive(Envelope env, NodeHost sender) {
        if (env.reply()) {
            TimerImpl call = calls.remove(env.callId());
            if (call == null) {
                sim.record.event(host.name, new TraceData.LateReply(env));
                return;
            }
            call.cancel();
            call.answer(env.message());
            return;
        }
        lastReceived = env;
        lastReceivedFrom = sender;
        host.node.onMessage(env);
    }

    /** A call's timeout fired: the call is over, a reply from now on is late. */
    void timedOut(long callId) {
        calls.remove(callId);
    }

    private NodeHost receiver(String to) {
        if (to != lastTo) {
            lastToHost = sim.nodes.host(to);
            lastTo = to;
        }
        return lastToHost;
    }

    private void requireLive() {
        if (!live()) {
            throw new IllegalStateException(host.name + " incarnation " + incarnation + " is not running");
        }
    }
}
