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
import shardsim.core.trace.TraceKind;
import shardsim.core.worker.WorkerQueue;

/** One incarnation's context. Everything it scheduled is void once the incarnation ends. */
final class HostContext implements NodeContext {
    private final Simulation sim;
    final NodeHost host;
    private final int incarnation;
    private final SimRandom random;
    /** Pending calls by id; looked up by key, never iterated. */
    private final LinkedHashMap<Long, PendingCall> calls = new LinkedHashMap<>();
    /** Worker queues in creation order. */
    final LinkedHashMap<String, WorkerImpl> workers = new LinkedHashMap<>();

    private record PendingCall(Consumer<Message> onReply, TimerImpl timeout) {
    }

    HostContext(Simulation sim, NodeHost host, int incarnation) {
        this.sim = sim;
        this.host = host;
        this.incarnation = incarnation;
        this.random = sim.random().fork("node/" + host.name + "/" + incarnation);
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
    public void send(String to, Message message) {
        requireLive();
        sim.network().send(sim.newEnvelope(host.name, to, message, 0, false));
    }

    @Override
    public void call(String to, Message request, long timeoutMicros, Consumer<Message> onReply, Runnable onTimeout) {
        requireLive();
        long callId = sim.nextCallId();
        TimerImpl timeout = new TimerImpl(this, new TraceData.CallTimeout(callId, to), () -> {
            calls.remove(callId);
            onTimeout.run();
        });
        calls.put(callId, new PendingCall(onReply, timeout));
        sim.schedule(timeoutMicros, new SimEvent.Fire(timeout));
        sim.network().send(sim.newEnvelope(host.name, to, request, callId, false));
    }

    @Override
    public void reply(Envelope request, Message response) {
        requireLive();
        if (!request.isRequest()) {
            throw new IllegalStateException("reply to a message that is not a request: " + request.describe());
        }
        sim.network().send(sim.newEnvelope(host.name, request.from(), response, request.callId(), true));
    }

    @Override
    public Timer setTimer(String label, long delayMicros, Runnable action) {
        requireLive();
        if (delayMicros < 0) {
            throw new IllegalArgumentException("negative timer delay");
        }
        TimerImpl t = new TimerImpl(this, new TraceData.Step(label), action);
        sim.schedule(delayMicros, new SimEvent.Fire(t));
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
            throw new IllegalArgumentException("worker " + name + " has capacity " + w.capacity() + ", not " + capacity);
        }
        return w;
    }

    @Override
    public void trace(String detail) {
        sim.record(TraceKind.STATE, host.name, new TraceData.Note(detail));
    }

    /** Routes an arriving envelope: replies to their pending call, the rest to the node. */
    void receive(Envelope env) {
        if (env.reply()) {
            PendingCall call = calls.remove(env.callId());
            if (call == null) {
                sim.record(TraceKind.DROP, host.name, new TraceData.LateReply(env));
                return;
            }
            call.timeout().cancel();
            call.onReply().accept(env.message());
            return;
        }
        host.node.onMessage(env);
    }

    private void requireLive() {
        if (!live()) {
            throw new IllegalStateException(host.name + " incarnation " + incarnation + " is not running");
        }
    }
}
