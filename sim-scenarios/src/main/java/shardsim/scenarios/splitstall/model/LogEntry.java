package shardsim.scenarios.splitstall.model;

/** One raft log entry: the term it was proposed in and its command. */
public record LogEntry(long term, Command command) {
    @Override
    public String toString() {
        return "t" + term + " " + command;
    }
}
