package shardsim.scenarios.versionskew;

/**
 * The scenario's words for the report's section "Rolling out the fix". The figures are the table
 * the report prints under this text, its own run over seeds 0..299; the smallest failing seeds
 * named here are {@code VersionSkewRolloutTest}'s, from {@code ./sim upgrades version-skew --seeds
 * 0..199 --threads 1} (2026-12-03). The 10,000-seed figures of 2026-12-01 predate issue 39's model
 * (one gRPC request once, the shard lock, the waiting procedures, shared storage) and were not
 * re-measured.
 */
final class RolloutNotes {
    private RolloutNotes() {
    }

    static final String TEXT = String.join("\n\n",
            "**The two halves of the fix do not understand each other's old code.** The fix changed the DDL messages of the meta event "
                    + "service on both sides at once, as breaking changes: ceresmeta #264 (incubator-horaedb-meta `7afb295`) sends meta's "
                    + "current version in `curr_shard_info` and no longer sets `prev_version`; horaedb #1286 (`642934ae`) checks the shard "
                    + "against `curr_shard_info.version` instead of `prev_version`, adds one itself and returns it in the new "
                    + "`latest_shard_version` field (incubator-horaedb-proto `ca110f5`). A proto3 field the sender does not set reads as 0. "
                    + "So a **new meta with an old data node**: the node compares its version with `prev_version` 0 and refuses every "
                    + "CREATE and DROP TABLE on the shards it leads (`Shard version mismatch, ... expect version:0`); nothing moves, so nothing "
                    + "diverges, and the new meta's heartbeat repair (#268) even lifts meta to an old node that was ahead. (A shard still at "
                    + "version 0 is the one exception: the old node takes curr's 0, answers without the new field, and meta stores the 0 it "
                    + "reads: both stay at 0.) An **old meta with a new data node**: meta asks for `curr = v+1`, the node holds v and "
                    + "refuses; since the new node runs the engine before its check, every refused CREATE leaves a table in the engine that "
                    + "meta never recorded (C5's orphan). Only a node already one ahead (the bug's own state) passes, and it stays one "
                    + "ahead, because the old meta stores its own v+1 and ignores the version returned.",
            "**Which orders are safe** (the table below, seeds 0..299): `all-at-once`, `meta-first` and `node-by-node` (which here is "
                    + "`meta-first`: meta is the first role) fail no invariant the fix claims from the first step on; the runs that fail do so "
                    + "before the first step, on the old code (C1: a version bumped before the engine failed). Upgrading a data node restarts it, "
                    + "and meta reopens its shards from meta's stored view, so the upgrade itself clears a skew the node had; with meta new first, "
                    + "the old nodes refuse every DDL, so the old bug can no longer fire anywhere.",
            "**`node-first` adds no failure, and removes none while meta is old**: `sim upgrades` calls it safe, since every run that "
                    + "fails from its first step on fails on the old code too, with the same restarts at the same times. But some runs fail C1 "
                    + "in the mixed window, all of them the old bug on a data node not yet upgraded (the node C1 names is upgraded after the "
                    + "violation), still served by the old meta: the smallest is seed 30, and its shrunk plan keeps no upgrade at all. Meanwhile "
                    + "the upgraded nodes refuse every DDL the old meta sends on a shard in step, and leave an orphan table per refused CREATE "
                    + "(C5, a gap the fix leaves, counted apart).",
            "**`rollback` is unsafe**: it brings the bug back. Most runs fail after meta is downgraded (C2 and C3, as in the buggy "
                    + "mode), none while meta runs the new code, and some fail where the same restarts on the old code hold. The smallest of "
                    + "those, seed 14 (C2, after the downgrade), shrinks to a plan with no upgrade or downgrade: the old bug, reached on the "
                    + "timeline the new code left. Rolling meta back loses nothing it stored (the versions it stored are the ones the nodes "
                    + "returned), but the next lost response skews a shard again, and nothing repairs it.",
            "**What to do.** Upgrade meta first (or everything at once), then every data node, promptly. From meta's upgrade until a "
                    + "data node runs the new code, CREATE and DROP TABLE on the shards that node leads fail with `expect version:0`: "
                    + "pause DDLs (including tables created on first write) for the rollout. Do not upgrade data nodes first: they refuse "
                    + "the old meta's DDLs, leave orphan tables, and the nodes not yet upgraded keep the bug. Do not stop half-way: a "
                    + "cluster left mixed in either direction refuses DDLs until it is not (`VersionSkewMixedTest`: C3, every probe "
                    + "refused). A rollback of meta is harmless as such but brings the bug back.");
}
