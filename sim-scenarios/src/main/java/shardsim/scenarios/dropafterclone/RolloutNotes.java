package shardsim.scenarios.dropafterclone;

/**
 * The scenario's words for the report's section "Rolling out the fix". The figures are those of
 * {@code sim upgrades drop-after-clone --seeds 0..9999 --threads 2} and of the experiments named
 * in README.md; re-measure them when the model moves.
 */
final class RolloutNotes {
    private RolloutNotes() {
    }

    static final String TEXT = String.join("\n\n",
            "**No order is safe, and the mixed state is the old bug.** The fix has a half in each process. The FE puts the replica id "
                    + "the BE reported into the DROP (PR #9971) and keeps the ids in step (#16889, #18688). The BE compares the DROP's id, "
                    + "stamps the CLONE's id on its copy and aborts a DROP under clone. A DROP with replica id 0 deletes any copy "
                    + "(`tablet_manager.cpp`: \"Iff request replica id is 0, FE may be an older release\"), and every mixed state sends 0: "
                    + "an FE before the fix has no id to send, and a BE before it reports none and ignores one anyway. While any process "
                    + "runs the old code the cluster is as exposed as before the fix. Over seeds 0..9999 the rollouts fail in the mixed "
                    + "window 986 times (BEs first) and 826 (FE first); the same plans without the upgrades, all on the old code, fail "
                    + "1,035 and 1,034 times in the same windows. FE first helps a little: each BE upgraded under a new FE is fenced "
                    + "at once.",
            "**The all-new state is not safe at once either.** Copies written before the fix carry replica id 0: copies an old BE "
                    + "created, and every copy a new BE cloned for the old FE (its CLONE had no id). A new BE reports such a copy with id 0, "
                    + "and the new FE drops it with id 0 (`addReplica`: \"replica id is invalid\"). If a CLONE re-uses that stale copy "
                    + "before the DROP runs, the clone stamps the new id on it and the DROP deletes the fresh clone: the original bug. "
                    + "#18688 (the FE pushes its id to a BE that reports 0 for a copy the catalog references) fences every live copy at the "
                    + "next tablet report (every 60 s), but a copy that was already stale keeps 0 until a DROP removes it, and DROPs are "
                    + "not resent. Failures after the last step, of 10,000: all at once 389, BEs first 346, FE first 100; the old code "
                    + "alone fails 2,173, 1,140 and 1,140 times in those windows. So the fix works once it is everywhere, but not fully "
                    + "at first.",
            "**FE first leaves fewer unfenced copies than BEs first.** With the FE upgraded first, its CLONEs carry the new replica "
                    + "id, and each BE stamps it once upgraded, so few copies are left at 0 when the last BE restarts. With the BEs first "
                    + "(Doris's documented order), every copy cloned while the FE is old gets id 0, and those copies stay exposed after "
                    + "the rollout. The mixed windows fail about equally (986 and 826 of 10,000).",
            "**What an operator should do.** Do what Doris's upgrade guide asks: turn off balance and the tablet scheduler "
                    + "(`disable_balance`, `disable_tablet_scheduler`) before the first process restarts. Keep them off after the last "
                    + "one, until the FE log stops showing `replica id is invalid` for a full round of tablet reports, that is until "
                    + "no BE still holds a copy without a replica id. The race needs a CLONE onto a BE that still holds a stale copy. Pausing "
                    + "balance for the rollout plus two report rounds cut the failures from the first step on to 4 (all at once), 6 (BEs "
                    + "first) and 9 (FE first) of 2,000 seeds. The rest are stale copies whose DROP was lost and that outlived the "
                    + "pause. Run a release with #18688; without it, live copies written before the fix stay at id 0 until a clone "
                    + "rewrites them.",
            "**Rollback.** Downgrading the BEs loses nothing the old code relies on: it ignores the id field, which stays in the "
                    + "tablet meta. But it brings back the old exposure, so the window after a rollback fails as the old code does "
                    + "(1,053 of 10,000; 1,072 with the old code alone).",
            "**Failures the old code does not have.** The table counts as unsafe a run that fails from the first step on while "
                    + "the same plan with the same restarts on the old code holds. Over seeds 0..9999 that happened 55 times (all at "
                    + "once), 66 (BEs first, and node by node), 173 (FE first) and 32 (rollback). The one read closely (FE first, seed 59) "
                    + "is the same race reached by another interleaving: a DROP with id 0 runs after a CLONE re-used the stale copy it "
                    + "was issued for. Another code changes the timing, not the mechanism. The smallest such seeds are all at once 1, "
                    + "BEs first 54, FE first 59, node by node 54 and rollback 453, all D1. Their shrunk plans keep no upgrade, since the "
                    + "old code alone breaks D1 with those moves, so the unshrunk plans are the ones that show the rollout.");
}
