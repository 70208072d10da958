package shardsim.core.sim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import shardsim.core.node.Disk;
import shardsim.core.node.Node;
import shardsim.core.node.NodeFactory;
import shardsim.core.trace.TraceData;
import shardsim.core.worker.WorkerQueue;

/**
 * A run's nodes across their lives: added, assigned a mode's code, booted, crashed, restarted and
 * switched to other code. Every node's disk outlives its incarnations.
 */
public final class Nodes {
    /** The code of a node in a simulation whose codes nobody assigned (one built without the run skeleton). */
    public static final String NO_CODE = "";

    private final Simulation sim;
    /** Nodes by name, in the order added; iteration order is part of the determinism contract. */
    private final LinkedHashMap<String, NodeHost> hosts = new LinkedHashMap<>();
    /** The code every node added from now on runs unless {@link #nodeCodes} names its own. */
    private String runCode = NO_CODE;
    /** Codes of named nodes, assigned before they are added; looked up by key, never iterated. */
    private final Map<String, String> nodeCodes = new TreeMap<>();
    /** Nodes added before the world booted whose first boot has not run yet. */
    private int unbooted;
    /** Whether every node added before the run has booted: checks and coverage wait for it. */
    private boolean worldBooted;
    /** The worker whose task body is running (a submit to a full queue blocks it), or null. */
    WorkerImpl runningWorker;
    /** Tasks holding a live worker while they wait for their condition (lets wait checks skip the common case). */
    int waitingTasks;
    /** Bumped whenever any worker's tasks, holder, waiting or blocking change (lets wait checks reuse a verdict). */
    long workerChanges;

    Nodes(Simulation sim) {
        this.sim = sim;
    }

    /** Adds a node that boots at the current time (and may crash under generated plans). */
    public void add(String name, NodeFactory factory) {
        add(name, factory, true);
    }

    /** Adds a node that boots at the current time; {@code crashable} says whether generated plans may crash it (a rollout restarts it only if its role may be: {@code World.rollsByRestart}). The factory builds every incarnation and should build it from the code it is given ({@code NodeContext.code()}). */
    public void add(String name, NodeFactory factory, boolean crashable) {
        if (hosts.containsKey(name)) {
            throw new IllegalArgumentException("duplicate node " + name);
        }
        hosts.put(name, new NodeHost(name, hosts.size(), factory, crashable, nodeCodes.getOrDefault(name, runCode)));
        if (!worldBooted) {
            unbooted++;
        }
        sim.loop.schedule(0, new SimEvent.Boot(name));
    }

    /**
     * Which mode's code each node runs when it boots: {@code runCode}, except the nodes
     * {@code perNode} names. The run skeleton calls it before the scenario adds its nodes; a node
     * already added keeps its code.
     */
    public void assignCodes(String runCode, Map<String, String> perNode) {
        if (runCode == null) {
            throw new IllegalArgumentException("a code needs a name");
        }
        for (Map.Entry<String, String> e : perNode.entrySet()) {
            String name = e.getKey();
            if (name == null || e.getValue() == null) {
                throw new IllegalArgumentException("a code needs a node and a name");
            }
            if (hosts.containsKey(name)) {
                throw new IllegalStateException("node " + name + " was added before its code was assigned");
            }
        }
        this.runCode = runCode;
        nodeCodes.putAll(perNode);
    }

    /** The name of the mode whose code the node runs now (while it is down: the code it restarts with). */
    public String codeOf(String name) {
        return host(name).code;
    }

    /** Every node, in the order added. */
    public List<String> names() {
        return List.copyOf(hosts.keySet());
    }

    /** The nodes that generated plans may crash. */
    public List<String> crashable() {
        List<String> out = new ArrayList<>();
        for (NodeHost h : hosts.values()) {
            if (h.crashable) {
                out.add(h.name);
            }
        }
        return out;
    }

    /** Whether the node is running (booted and not crashed). */
    public boolean isUp(String name) {
        return host(name).up;
    }

    /** The node's current instance, or null while it is down. */
    public Node node(String name) {
        NodeHost h = host(name);
        return h.up ? h.node : null;
    }

    /** The node's current instance as a {@code type}, or null while it is down (or before the world has {@link #booted}). */
    public <T extends Node> T node(String name, Class<T> type) {
        return type.cast(node(name));
    }

    /** The node's disk, up or down: it outlives every incarnation. */
    public Disk disk(String name) {
        return host(name).disk;
    }

    /** A counter that moves whenever any worker's queue, holder, waiting or blocking changes (polls do not move it). */
    public long workerChanges() {
        return workerChanges;
    }

    /** How many tasks hold a live worker waiting for their condition. */
    public int waitingTasks() {
        return waitingTasks;
    }

    /** The node's worker queues (empty while it is down), in creation order. */
    public List<WorkerQueue> workers(String name) {
        NodeHost h = host(name);
        if (!h.up) {
            return List.of();
        }
        return List.copyOf(h.context.workers.values());
    }

    /**
     * Whether the world has booted: every node added before the run started has run its first
     * {@code onStart}. Safety invariants and coverage abstractions are first run after the event
     * that completes the boot (before that, nodes are missing, not down), so they never see a
     * world half built; {@link #node} is null there only for a node that is down.
     */
    public boolean booted() {
        return worldBooted;
    }

    /** Crashes a node now: its instance, timers, calls, queues and unflushed writes are lost. */
    public void crash(String name) {
        NodeHost h = host(name);
        if (!h.up) {
            return;
        }
        stopProcess(h);
        h.disk.loseUnflushed();
        sim.record.event(name, new TraceData.Crash(h.incarnation));
    }

    /**
     * Restarts the node's process on the code of {@code toMode} (an upgrade or a downgrade). Up: its
     * instance, timers, calls and queues are lost as in a crash, its disk is kept whole (pending
     * writes included: the machine did not stop), and a new incarnation running {@code toMode}
     * recovers from it at once. Down: it runs {@code toMode} when it next restarts.
     */
    public void changeCode(String name, String toMode) {
        NodeHost h = host(name);
        String from = h.code;
        boolean wasUp = h.up;
        if (wasUp) {
            stopProcess(h);
        }
        h.code = toMode;
        // Its kind (a crash when it was running, a state change when down) is the record's: CodeSwitch.kind.
        sim.record.event(name, new TraceData.CodeSwitch(from, toMode, wasUp, h.incarnation));
        if (wasUp) {
            boot(h, true);
        }
    }

    /** Restarts a crashed node: a new instance recovers from what its disk kept. */
    public void restart(String name) {
        NodeHost h = host(name);
        if (h.up) {
            return;
        }
        boot(h, true);
    }

    // ---- kernel internals --------------------------------------------------------------------

    /** Whether the world has a node of this name. */
    boolean contains(String name) {
        return hosts.containsKey(name);
    }

    /** Sets the node's clock skew. */
    void skew(String name, long skewMicros) {
        host(name).skewMicros = skewMicros;
    }

    /** The loop starts: a world with no node to boot has booted. */
    void startRun() {
        if (unbooted == 0) {
            worldBooted = true;
            sim.checks.sampleCoverage();
        }
    }

    /** A node added before the run boots for the first time. */
    void firstBoot(String name) {
        boot(host(name), false);
    }

    /** Ends the node's running incarnation: its instance and worker queues go; its disk is the caller's to judge. */
    private void stopProcess(NodeHost h) {
        h.up = false;
        h.node = null;
        sim.windows().closeOwnedBy(h.name);
        for (WorkerImpl w : h.context.workers.values()) {
            w.lost();
        }
        workerChanges++;
    }

    private void boot(NodeHost h, boolean recover) {
        h.incarnation++;
        h.up = true;
        HostContext ctx = new HostContext(sim, h, h.incarnation);
        h.context = ctx;
        sim.record.event(h.name, new TraceData.Boot(recover, h.incarnation));
        h.node = h.factory.create(ctx);
        if (recover) {
            h.node.onRecover();
        } else {
            h.node.onStart();
        }
        if (!ctx.codeRead && !h.code.equals(runCode)) {
            throw new CodeIgnored(h.name, h.code, runCode);
        }
        if (!recover && !worldBooted && --unbooted == 0) {
            worldBooted = true;
        }
    }

    /** The node of this name (a message's receiver, a fault's target); an unknown name is the model's error. */
    NodeHost host(String name) {
        NodeHost h = hosts.get(name);
        if (h == null) {
            throw new IllegalArgumentException("unknown node " + name);
        }
        return h;
    }
}
