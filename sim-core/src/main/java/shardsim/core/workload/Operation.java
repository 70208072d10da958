package shardsim.core.workload;

import shardsim.core.fault.Fault;

/**
 * One step of a workload (a DDL request, a balance move, a write), as a record. A scenario
 * defines its kinds and performs them with the handler it passes to
 * {@link shardsim.core.sim.Simulation#perform}. An operation says what to attempt; whether it
 * can happen is decided when it runs (a drop of a table the client never saw created is skipped),
 * so any subset of a workload is itself a valid workload.
 */
public interface Operation {
    /**
     * A short stable name of the kind, as written in plan files: the record's simple name in kebab
     * case ({@code CreateTable} is {@code create-table}). Like faults, an operation record must not
     * have a component named {@code kind}.
     */
    default String kind() {
        return Fault.kindOf(getClass());
    }
}
