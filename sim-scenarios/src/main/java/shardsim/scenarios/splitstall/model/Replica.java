package shardsim.scenarios.splitstall.model;

/** All the split driver may ask of its region's Raft replica. */
interface Replica {
    boolean isLeader();

    long term();

    long commitIndex();

    /** The log entry at {@code index} (1-based), committed or not. */
    LogEntry entry(long index);

    /** The index of the last entry in the log, committed or not (a proposal's index right after it). */
    long lastIndex();

    /** Appends a command as leader; false when this peer is not the leader. */
    boolean propose(Command c);

    /** Whether every follower reported its engine past epoch {@code ver}, or at {@code stage} in it. */
    boolean followersReported(long ver, SplitStage stage);
}
