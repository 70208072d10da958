package shardsim.scenarios.splitstall.model;

/** unistore's {@code enginepb.SplitStage}, in the order a split moves through it. */
public enum SplitStage {
    INITIAL,
    PRE_SPLIT,
    PRE_SPLIT_FLUSH_DONE,
    SPLIT_FILE_DONE;

    public boolean atLeast(SplitStage other) {
        return ordinal() >= other.ordinal();
    }
}
