package shardsim.scenarios.splitstall;

/** A peer's durable raft state besides its log. */
public record HardState(long term, String votedFor) {}
