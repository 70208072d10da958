package shardsim.scenarios.splitstall;

/**
 * The scenario's words for the report's section "Rolling out the fix" (issue 18). The figures are
 * from {@code ./sim upgrades split-stall --seeds 0..9999 --threads 2}; RolloutOrdersTest and
 * MixedVersionTest hold the runs named here.
 */
final class SplitStallRollout {
    private SplitStallRollout() {
    }

    static final String NOTES = String.join("\n\n",
            "**Every store runs the whole fix, and both parts act on the store that takes a region over.** #615's watcher "
                    + "(`tikv/raftstore/peer.go` `OnRoleChanged` at `9879ec2`) and #643's re-flush (`engine/engine.go` `TriggerFlush` at "
                    + "`3522d5f`) run when a peer becomes leader, and the recovery they guard runs on that store's own region worker. No "
                    + "message between stores changes: neither commit touches a `.proto`, `sendRaftMessage` or the followers' split-files-done "
                    + "report, and a new leader's re-flush proposes the same flush change set an old leader's pre-split flush does. So old and "
                    + "new stores talk as before, and a region gets the fix of the store that leads it when it takes over, whatever its "
                    + "followers run. The shard meta on disk has one format in both codes: a store upgraded in the middle of a split reloads "
                    + "its stage, re-flushes when it becomes leader and finishes the split.",
            "Measured with `./sim upgrades split-stall --seeds 0..9999 --threads 2` (plan `random`, `buggy` to `fixed`): **no order "
                    + "adds a failure of its own**: every run that fails from its first step on fails as well when each step is only a "
                    + "restart on the old code, at the same times, so `sim upgrades` calls all three orders safe. That does not make them "
                    + "equal. **all-at-once** fails nothing from its step on (142 runs of 10,000 fail before it, on old code). "
                    + "**node-by-node** fails 1,179 runs (11.8%) in the mixed window, every one with U5 (an old store's region worker "
                    + "handles a recovery queued in PRE_SPLIT) and 1,106 also with U1 (the flush change set that would end its wait is "
                    + "queued behind it); none after the last step. **rollback** fails 1,682 runs while stores are being upgraded and "
                    + "downgraded, and 2,571 (25.7%) after the last downgrade, when every store runs the old code again.",
            "Why node-by-node fails: each step restarts a store, and restarting the store that leads a region in the middle of a split "
                    + "hands the region to another store, which is exactly the trigger of the bug. While that store still runs the old code "
                    + "it queues split recovery at once, in stage PRE_SPLIT, and its store-wide region worker stops. A rolling restart "
                    + "with no code change does the same (that is the baseline above); against a cluster left alone it is a real "
                    + "exposure: of the 1,179 node-by-node runs that fail in the mixed window, 1,001 are seeds whose all-old run without "
                    + "restarts (`./sim sweep split-stall --mode buggy --plan random --seeds 0..9999`, 1,084 failing) does not fail at "
                    + "all, and 1,155 fail within 3 s of a step. "
                    + "The smallest failing seed is 0: the first step (t=2.123 s) restarts store-1 while it leads region 151 with its "
                    + "pre-split flush under way, store-2, still old, takes region 151 over and its recovery holds its region worker from "
                    + "t=3.411 s; the run shrinks to that one upgrade and two writes. Because the region worker is store-wide, a stuck old "
                    + "store also stops the splits of regions that upgraded stores lead: their leaders wait for every follower's split files.",
            "A stall does not outlive the rollout: upgrading the stuck store is itself a restart that drops the recovery holding its "
                    + "region worker, and the new code reloads the split stage from the shard meta, which the applier had already moved on, "
                    + "so the split finishes. That is why node-by-node has no failure after its last step. One modelling choice counts here: "
                    + "579 of the 1,179 mixed-window failures come from an old store that becomes leader before it has applied the PRE_SPLIT "
                    + "entry and then recovers the split as if it had found it at the role change (the model's choice, in both codes; "
                    + "upstream would leave that split unfinished, a stall of its own); the other 600 go through upstream's own path "
                    + "(`peer.go:739-749` at `b4ca36b`), for example seed 19, so the verdict does not rest on the choice.",
            "What to do: **upgrade every store at once** (stop all, start all on the new code) if a short full outage is acceptable; "
                    + "it was safe on every seed. If you roll store by store, **do not restart a store while a region it leads is "
                    + "splitting**, and move its leaders to stores already upgraded before you restart it (a new store that takes a region "
                    + "over in PRE_SPLIT recovers it safely, as MixedVersionTest shows; the moving of leaders itself was not measured). A "
                    + "store already stuck on the old code (its region worker held by `recover split ... stage PRE_SPLIT`) is freed by "
                    + "upgrading it, so upgrade stuck stores first. **Do not roll back**: a downgrade restarts stores into the old code, "
                    + "and the old code stalls as before.");
}
