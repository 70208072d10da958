package shardsim.scenarios.splitstall.model;

/** A peer's durable raft state besides its log. */
public record HardState(long term, String votedFor) {}
