package shardsim.scenarios.splitstall.model;

/** What a raft log entry carries. */
public sealed interface Command {
    /** The entry a new leader appends so that earlier entries can commit. */
    record NoOp() implements Command {
        @Override
        public String toString() {
            return "noop";
        }
    }

    /** A client write of {@code bytes} to the region's mem-table. */
    record Write(long bytes) implements Command {
        @Override
        public String toString() {
            return "write " + bytes;
        }
    }

    /** An engine change set (pre-split, flush, split files). */
    record Change(ChangeSet changeSet) implements Command {
        @Override
        public String toString() {
            return changeSet.toString();
        }
    }

    /** The split admin command: the region epoch goes from {@code shardVer} to {@code shardVer + 1}. */
    record FinishSplit(long shardVer) implements Command {
        @Override
        public String toString() {
            return "finish-split ver " + shardVer;
        }
    }
}
