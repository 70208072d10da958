package shardsim.core.sim;

import java.util.List;
import java.util.Map;
import shardsim.core.check.SimView;
import shardsim.core.check.Violation;
import shardsim.core.node.Disk;
import shardsim.core.node.Node;
import shardsim.core.trace.Actor;
import shardsim.core.worker.WorkerQueue;

/** The kernel's {@link SimView}: reads through to the run's parts, and reports through its checks. */
final class ReadView implements SimView {
    private final Simulation sim;

    ReadView(Simulation sim) {
        this.sim = sim;
    }

    @Override
    public long now() {
        return sim.now();
    }

    @Override
    public long eventNumber() {
        return sim.eventNumber();
    }

    @Override
    public boolean booted() {
        return sim.nodes.booted();
    }

    @Override
    public List<String> nodeNames() {
        return sim.nodes.names();
    }

    @Override
    public boolean isUp(String name) {
        return sim.nodes.isUp(name);
    }

    @Override
    public Node node(String name) {
        return sim.nodes.node(name);
    }

    @Override
    public <T extends Node> T node(String name, Class<T> type) {
        return sim.nodes.node(name, type);
    }

    @Override
    public Disk disk(String name) {
        return sim.nodes.disk(name);
    }

    @Override
    public String codeOf(String name) {
        return sim.nodes.codeOf(name);
    }

    @Override
    public List<WorkerQueue> workers(String name) {
        return sim.nodes.workers(name);
    }

    @Override
    public long workerChanges() {
        return sim.nodes.workerChanges();
    }

    @Override
    public int waitingTasks() {
        return sim.nodes.waitingTasks();
    }

    @Override
    public int activeFaults() {
        return sim.faults.active();
    }

    @Override
    public long quietSinceMicros() {
        return sim.faults.quietSinceMicros();
    }

    @Override
    public Map<String, String> params() {
        return sim.record.params();
    }

    @Override
    public List<Violation> violations() {
        return sim.checks.violations();
    }

    @Override
    public void violation(String invariant, String message) {
        sim.checks.violation(invariant, message);
    }

    @Override
    public void note(Actor actor, String detail) {
        sim.record.note(actor, detail);
    }
}
