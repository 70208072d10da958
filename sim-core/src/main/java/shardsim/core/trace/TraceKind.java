package shardsim.core.trace;

/** What a trace event records. */
public enum TraceKind {
    /** A parameter drawn from the seed, printed before anything runs. */
    PARAM,
    SEND,
    DELIVER,
    DROP,
    DUPLICATE,
    TIMER,
    FAULT,
    CRASH,
    RESTART,
    TASK_QUEUED,
    TASK_START,
    TASK_DONE,
    /** A model's own note: a state change worth seeing in the trace. */
    STATE,
    VIOLATION,
    /** The end of a run: ok or violated. */
    VERDICT
}
