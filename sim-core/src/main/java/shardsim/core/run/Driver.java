package shardsim.core.run;

import shardsim.core.workload.Operation;

/**
 * The part of a built model the run drives: it performs the workload's operations, and may note
 * what happened once the run reached its end (before the end-of-run validations).
 */
public interface Driver {
    /** Performs one operation of the workload at its time. An operation the world cannot honour is skipped with a note. */
    void perform(Operation operation);

    /** Runs after the loop reached the end, before the validations. Default: nothing. */
    default void atEnd() {}
}
