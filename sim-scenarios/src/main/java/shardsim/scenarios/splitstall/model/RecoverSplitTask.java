package shardsim.scenarios.splitstall.model;

/** The tag of a recover-split task: the stage it was queued with (regionTask.stage upstream). */
public record RecoverSplitTask(long regionId, long shardVer, SplitStage stage) {}
