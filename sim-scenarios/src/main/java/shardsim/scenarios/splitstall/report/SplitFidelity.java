package shardsim.scenarios.splitstall.report;

import java.util.ArrayList;
import java.util.List;
import shardsim.core.scenario.FidelityRow;
import shardsim.core.scenario.LogAlignment;
import shardsim.core.scenario.LogAlignment.Match;
import shardsim.core.scenario.LogAlignment.Row;
import shardsim.core.scenario.LogLine;
import shardsim.core.scenario.RunRequest;
import shardsim.core.scenario.Scenario;
import shardsim.core.trace.Trace;
import shardsim.scenarios.splitstall.plan.SplitMode;

/** What split-stall models against unistore's code, and the report's log beside the documented buggy trace. */
public final class SplitFidelity {
    private SplitFidelity() {}

    private static final String B = " at b4ca36b";

    static List<FidelityRow> rows() {
        return List.of(
                new FidelityRow(
                        "the region worker's channel holds 128 tasks; the applier that sends a change set to a full channel blocks, and with it every region's applies on the store",
                        "tikv/raftstore/worker.go:180-183 (defaultWorkerCapacity, newWorker), applier.go:599" + B,
                        "one applier per store, one region's committed batch per task; a send from a raft handler (a role change) to a full channel is refused and traced instead of blocking the raftstore loop"),
                new FidelityRow(
                        "the pre-split check reads the engine's split stage",
                        "tikv/raftstore/worker.go:250-262 preSplitRegion" + B + " (log lines as in 9879ec2)",
                        "the size suggestion is not modelled: a scripted check forces the check, a periodic one compares the region's size with 16000000"),
                new FidelityRow(
                        "buggy: a new leader queues recovery at once, with the persisted stage",
                        "tikv/raftstore/peer.go:739-749 OnRoleChanged" + B,
                        "the raft ready loop is abstracted to role-change callbacks"),
                new FidelityRow(
                        "recovery runs splitShardFiles on the region worker, which polls every 100 ms for PRE_SPLIT_FLUSH_DONE",
                        "tikv/raftstore/worker.go:476-480 handleRecoverSplit, engine/split.go:91-99 waitForPreSplitFlushState"
                                + B,
                        "splitting the files is a fixed 50 ms of worker time"),
                new FidelityRow(
                        "fixed (#615): seq captured at the role change; a watcher polls every 100 ms until engine stage >= PRE_SPLIT_FLUSH_DONE and engine sequence >= seq, then queues recovery with the engine stage; it exits when the shard turns passive",
                        "tikv/raftstore/peer.go OnRoleChanged at 9879ec2",
                        "the watcher is a timer; it also stops when the engine has left the epoch (an earlier leader finished the split)"),
                new FidelityRow(
                        "#615 panics when a recovery is handled in PRE_SPLIT",
                        "tikv/raftstore/worker.go handleRecoverSplit at 9879ec2",
                        "a check (U5) reads the task holding the region worker; the run goes on"),
                new FidelityRow(
                        "fixed (#643): TriggerFlush at the role change flushes the immutable mem-tables but the oldest onGoingFlushCnt, and "
                                + "relabels the newest PRE_SPLIT_FLUSH_DONE when the engine is in PRE_SPLIT; it makes no table up: a shard with only its "
                                + "writable table flushes nothing (the empty-table flush is for a shard never flushed; #643 removed #627's pre-split case)",
                        "engine/engine.go:807-834 TriggerFlush, tikv/raftstore/peer_storage.go:625-633 onGoingFlushCnt at 3522d5f (diff of 3522d5f^..3522d5f)",
                        "mem-tables are byte counts with a stage tag, oldest first; a flush change set that wrote a table removes the oldest one when "
                                + "applied (compaction.go:630-647 applyFlush); the engine's stage only rises (applyFlush sets the flushed table's stage "
                                + "whatever it is; the model keeps PRE_SPLIT unless the flush carries PRE_SPLIT_FLUSH_DONE). Before: the model made a "
                                + "PRE_SPLIT_FLUSH_DONE flush from nothing at every role change in PRE_SPLIT, stronger than upstream"),
                new FidelityRow(
                        "mem-tables: a write goes to the writable table, switched (and, on a leader, flushed) when full; while splitting, writes go "
                                + "to the splitting tables; PRE_SPLIT switches the table and tags it PRE_SPLIT_FLUSH_DONE; only an active (leader) engine "
                                + "sends a table to the flush channel, a passive one keeps it; an empty table switched at PRE_SPLIT is replaced, not kept",
                        "engine/write.go:43-58 switchMemTable, :61-92 Write, :122-143 scheduleFlushTask, engine/flush.go:43-88 at 3522d5f (same at b4ca36b)",
                        "one flush at a time per shard, its time drawn (100-300 ms; 250-280 ms in the documented plan); the size that switches a table "
                                + "is fixed (4 MB), where upstream adapts it (nextMemTableSize)"),
                new FidelityRow(
                        "a restart reloads the engine from the meta with one empty writable mem-table and no immutable one; the replayed PRE_SPLIT "
                                + "fails (the stage is already PRE_SPLIT), so a store restarted in PRE_SPLIT has nothing TriggerFlush can relabel",
                        "engine/engine.go:421-431 loadShard, tikv/raftstore/recover.go:39-128 Recover, engine/shard.go:240-252 setSplitKeys at 3522d5f",
                        "the replay of writes since the last flush into the writable table is not modelled (the applier restarts at the meta's "
                                + "sequence); it adds no immutable table upstream either. With nobody else's pre-split flush in the log, the split then "
                                + "waits for good: part of the fix's gap (U3)"),
                new FidelityRow(
                        "the meta part of each committed entry runs in the raft ready loop as it commits, before OnRoleChanged of the same ready; "
                                + "PRE_SPLIT (setSplitKeys, the switch, a leader's flush) and the split (FinishSplit) run in the applier; flush and split-files "
                                + "change sets go to the region worker",
                        "tikv/raftstore/peer.go:838-849 NewRaftReady, :886-922 handleChangeSet, applier.go:781-800 and :989 at 3522d5f (same at b4ca36b)",
                        "before: the model handled the meta in the applier and queued PRE_SPLIT's engine part and the split on the region worker"),
                new FidelityRow(
                        "split recovery starts only in OnRoleChanged, from the meta's stage at the role change; splitShardFiles runs only from the "
                                + "proposer's split checker and from handleRecoverSplit. A PRE_SPLIT the new leader had not applied at its role change (it "
                                + "learns the commit only from its own term's entries) is applied and flushed, and then left: the gap of the fix (U3, U7)",
                        "tikv/raftstore/peer.go:739-766 OnRoleChanged, worker.go:240 splitEngineAndRegion, :581 handleRecoverSplit, :262-265 "
                                + "preSplitRegion (wrong split stage) at 3522d5f",
                        "before: a leader that applied an earlier term's PRE_SPLIT ran the recovery path too (SplitDriver.handleSplitInProgress), a path "
                                + "upstream does not have; without it fixed fails U3 on a split whose PRE_SPLIT commits after a leader change or whose "
                                + "leader restarted in PRE_SPLIT (random seed 22, SplitStallScenarioTest; MixedVersionTest's upgrade mid-split). Shrunk "
                                + "(./sim shrink split-stall --mode fixed --plan random --seed 22 --fail-on-gaps --invariant U3 --threads 1; "
                                + "FixGapShrunkRunTest): eight writes to region 151 and one TransferLeader to store-3 at 11.324 s; store-2 applied the "
                                + "PRE_SPLIT at 11.109 s, store-3 became leader at 11.344 s with its meta still INITIAL and applied it at 11.356 s; "
                                + "store-2's checker fails \"not leader\" at 12.1 s; U3 at 26.3 s, no claim broken, and without the transfer the split "
                                + "finishes. U7 shrunk (--plan targeted --seed 250 --invariant U7): store-1's checker proposes region 150's PRE_SPLIT; "
                                + "store-2 takes the lead, relabels its mem-table and crashes before the flush; restarted, it leads again with nothing to "
                                + "relabel; store-1's checker waits for 150's flush for good and never starts region 153's check queued behind it"),
                new FidelityRow(
                        "the split checker is held for the whole split: preSplitRegion waits for the PRE_SPLIT's callback, splitShardFiles for the "
                                + "engine's pre-split flush (waitForPreSplitFlushState, which checks neither the epoch nor the role) and then for its own "
                                + "proposal's callback",
                        "tikv/raftstore/worker.go:223-249 splitEngineAndRegion, :251-302 preSplitRegion, :304-329 splitShardFiles, engine/split.go:91-99 at 3522d5f",
                        "a callback resolves when the applier reaches the proposal's index (success if the entry there has the proposal's term, else "
                                + "stale); the worker re-checks every 100 ms. A recovery on the region worker is not held for its split-files "
                                + "proposal's callback: the applier runs the rest when it applies the entry (keeps U1's wait-for relation exact). "
                                + "Before: the checker was freed once it had proposed the pre-split"),
                new FidelityRow(
                        "the meta is persisted before the engine's part is queued; a restarted engine reloads from the meta",
                        "tikv/raftstore/peer.go:887 handleChangeSet" + B,
                        "the engine's own manifest is not modelled, so the engine can never be ahead of the meta: U4 (engine never passes the meta) could not fire and was removed"),
                new FidelityRow(
                        "Raft",
                        "etcd raft as vendored by unistore (raft/raft.go at 3522d5f)",
                        "terms, votes with pre-vote and leader stickiness, log, commit, leader transfer; appends go out on a 300 ms tick, so PRE_SPLIT is applied at 14.1-14.4 s against 13.90-13.92 s in the report; no snapshots or membership changes"),
                new FidelityRow(
                        "check quorum: unistore turns it on; a leader that has not heard from a majority within an election timeout steps down; "
                                + "within a live leader's lease a peer ignores a higher-term (pre-)vote request no transfer forces",
                        "tikv/raftstore/peer.go:320 (CheckQuorum: true); raft/raft.go:734-742 tickHeartbeat, :893-899 lease, :1040-1044 MsgCheckQuorum, "
                                + ":1576-1594 checkQuorumActive at 3522d5f",
                        "the check runs every 4 heartbeat ticks (1.2 s, the shortest election timeout); any append response marks its follower active"),
                new FidelityRow(
                        "a pre-vote is granted with the request's term and refused with the refuser's own; a pre-candidate refused by a higher "
                                + "term follows it; a pre-vote for a future term may be granted while no lease holds",
                        "raft/raft.go:900-915 (MsgRequestPreVoteResponse), :924-948 (lower-term pre-vote refused with r.Term), :994-1021 (canVote, "
                                + "reply terms) at 3522d5f",
                        "before: a refused pre-vote carried the candidate's term, so a peer behind in term never learnt it from a refusal"),
                new FidelityRow(
                        "U12, Raft's availability during faults: while two of a region's stores are up and connected both ways, it has a leader "
                                + "within 3 election timeouts and 2 heartbeats (one more per lost election message, up to 4), and a leader that "
                                + "keeps leading that long commits what it held",
                        "etcd raft's liveness with check quorum and pre-vote (raft/raft.go at 3522d5f); a three-replica group serves with two",
                        "judged from outside (the faults the kernel applies, read through an observer, and the replicas); runs whose links lose more "
                                + "than 5% are not judged (with heavy loss, lost votes alone can keep a region leaderless for seconds: swarm seed 648); at 2% loss, each pre-vote or vote the "
                                + "link loses (seen through the kernel's drop observer) adds one longest election timeout, since its candidate waits that "
                                + "long to try again (three lost in one election left fixed targeted seeds 45966 and 92913 leaderless just past the window). The commit mark "
                                + "moves to the leader's last index each time it has committed what the mark held, so a quiet region's last entry is "
                                + "judged too (a quorum count off by one, advanceCommit's matchIndex > n, hid behind later writes from a mark taken once)"),
                new FidelityRow(
                        "a peer writes its term and vote (HardState) to stable storage before it sends the messages of that step (a leader may send its "
                                + "entries while writing them, thesis 10.2.1); the log is durable; the commit index is volatile and restarts from the applied index "
                                + "the apply state persists",
                        "tikv/raftstore/peer.go:850-860 NewRaftReady, peer_storage.go:534-562 SaveReadyState, peer_worker.go:239-246 postPersistState"
                                + B + "; etcd-io/raft doc.go:75-81 at cdfbeed",
                        "handlers run to completion and write the hard state and every log entry durably before they return, a leader's too; U9, U10 and "
                                + "U11 (hard state and votes, one leader per term, the same entry at every committed index) read the replicas and their disks "
                                + "from outside after every event"),
                new FidelityRow(
                        "U1 sees a wait whose only satisfier is queued behind it",
                        "the report's diagnosis (region worker blocked by recover split)",
                        "kernel wait-for graph: a waiting task names its condition, change-set and finish-split tasks declare the conditions they may meet"),
                new FidelityRow(
                        "mixed versions: each store runs its own code, and both parts of the fix act only on the store whose peer becomes leader: "
                                + "#615's watcher in OnRoleChanged queues recovery on that store's own region worker, whose handleRecoverSplit panics in PRE_SPLIT; "
                                + "#643's re-flush is in the TriggerFlush that OnRoleChanged calls",
                        "tikv/raftstore/peer.go OnRoleChanged and worker.go handleRecoverSplit at 9879ec2; engine/engine.go TriggerFlush and peer.go OnRoleChanged at 3522d5f",
                        "which fix a region gets is decided by the code of the store that leads it when it takes over; a store's region worker is store-wide, "
                                + "and a leader finishes a split only once every follower reports its split files (fsm_peer.go:285-290"
                                + B + "), so an old store that "
                                + "blocks its worker also stalls splits of regions new stores lead (random seed 139 with only store-1 old)"),
                new FidelityRow(
                        "mixed versions: no message between peers changes with the fix; raft messages, the change sets in the log (a new leader's "
                                + "re-flush proposes the same flush change set, stage PRE_SPLIT_FLUSH_DONE, that an old leader's pre-split flush does) and the "
                                + "followers' split-files-done report are the same in old and new code",
                        "9879ec2 and 3522d5f change no .proto (enginepb/changeset.proto moved in b4ca36b..3522d5f only with #621 f06ae62 and #632 c4292e3) "
                                + "and neither touches sendRaftMessage (peer.go:1021-1030" + B
                                + ") nor updateFollowerSplitFilesDone (fsm_peer.go:1366" + B + ")",
                        "the other commits between b4ca36b and 3522d5f are in neither code; a new store's handling of every message is the old one's "
                                + "(MixedVersionTest sends each kind both ways)"),
                new FidelityRow(
                        "mixed versions: #615's applier-side lines, which run on every peer (handleChangeSet rejects compactions by the meta's stage "
                                + "rather than the peer storage's; buildSplitShards keeps the old shard's passive flag), have no effect here",
                        "tikv/raftstore/peer.go handleChangeSet and engine/split.go buildSplitShards at 9879ec2; a follower's proposal is refused "
                                + "(fsm_peer.go:1352 onGenerateMetaChangeEvent" + B + ")",
                        "compactions are not modelled and only a leader flushes, in either code, so an old follower whose new shard turns active after a "
                                + "split (old buildSplitShards) behaves as a new one; neither part is a switch of the mode table"),
                new FidelityRow(
                        "upgrade and downgrade keep the disk: the raft log, hard state and shard meta are read alike by both codes; a store restarted "
                                + "with new code in the middle of a split old code started reloads the engine's stage from the meta, passive, without the mem-table "
                                + "switched at PRE_SPLIT, and when it becomes leader it has nothing to re-flush and waits to recover for good (the restart case "
                                + "of the fix's gap); the restart also drops a recovery that held the old process's region worker",
                        "engine/shard.go newShardForLoading" + B
                                + "; neither 9879ec2 nor 3522d5f changes engine/meta.go (ShardMeta) or its marshalling",
                        "the engine's own manifest and the replay of the raft log into mem-tables are not modelled: the mem-table switched at PRE_SPLIT "
                                + "is lost on any restart, as upstream (loadShard makes one empty table), so a restart mid-split leaves no pre-split flush "
                                + "to come unless one is in the log already; #643 relabels only a table that exists"));
    }

    private static final String S150 = "shard 150:48 ";

    /** The report line found by the first event of {@code actor} whose words contain {@code has}, at or after {@code fromMicros}. */
    private static Row wanted(String reportTime, String reportLine, String actor, String has, long fromMicros) {
        return LogAlignment.line(
                reportTime, reportLine, Match.of(actor).containing(has).from(fromMicros));
    }

    private static List<Row> wanted() {
        List<Row> w = new ArrayList<>();
        w.add(wanted(
                "09:04.338",
                "store-2 " + S150 + "apply change set flush stage INITIAL seq 54695",
                "store-2",
                S150 + "apply change set flush stage INITIAL",
                0));
        w.add(wanted(
                "09:13.863",
                "store-2 split region 150:48 by checker size:16000000",
                "store-2/split-checker",
                "split region 150:48 by checker size:16000000",
                0));
        w.add(wanted(
                "09:13.902",
                "store-2 150:48 handle change set set engine meta, apply change ... stage:PRE_SPLIT sequence:56571",
                "store-2",
                "pre-split stage:PRE_SPLIT",
                0));
        w.add(wanted(
                "09:13.906",
                "store-2 " + S150 + "set split stage PRE_SPLIT",
                "store-2",
                S150 + "set split stage PRE_SPLIT",
                0));
        w.add(wanted(
                "09:13.914",
                "store-1 150:48 handle change set set engine meta, apply change ... stage:PRE_SPLIT sequence:56571",
                "store-1",
                "pre-split stage:PRE_SPLIT",
                0));
        w.add(wanted(
                "09:13.914",
                "store-3 150:48 handle change set set engine meta, apply change ... stage:PRE_SPLIT sequence:56571",
                "store-3",
                "pre-split stage:PRE_SPLIT",
                0));
        w.add(wanted(
                "09:13.921",
                "store-3 " + S150 + "set split stage PRE_SPLIT",
                "store-3",
                S150 + "set split stage PRE_SPLIT",
                0));
        w.add(wanted(
                "09:15.085", "store-1 150 became follower at term 7", "store-1", "150 became follower at term 7", 0));
        w.add(wanted("09:15.086", "store-3 150 became leader at term 7", "store-3", "150 became leader at term 7", 0));
        w.add(wanted(
                "09:15.086",
                "store-3 " + S150 + "set passive false",
                "store-3",
                S150 + "set passive false",
                15_000_000));
        w.add(wanted(
                "09:15.086",
                "store-3 150:48 trigger flush mem table ver:61988",
                "store-3",
                "150:48 trigger flush mem table",
                15_000_000));
        w.add(wanted("09:15.086", "store-3 " + S150 + "recover split", "store-3", S150 + "recover split", 15_000_000));
        w.add(wanted(
                "09:15.089", "store-2 150 became follower at term 7", "store-2", "150 became follower at term 7", 0));
        w.add(wanted(
                "09:15.089", "store-2 " + S150 + "set passive true", "store-2", S150 + "set passive true", 15_000_000));
        w.add(wanted(
                "09:15.271",
                "store-2 150:48 flush memtable ... size:89395560",
                "store-2",
                "flush memtable 150:48",
                14_000_000));
        w.add(wanted(
                "09:15.353",
                "store-3 150:48 flush memtable ... size:89395560",
                "store-3",
                "flush memtable 150:48",
                15_000_000));
        w.add(wanted(
                "09:15.544",
                "store-3 150:48 handle change set set engine meta, apply change ... flush ... stage:PRE_SPLIT_FLUSH_DONE sequence:56856",
                "store-3",
                "flush stage:PRE_SPLIT_FLUSH_DONE",
                15_000_000));
        w.add(wanted(
                "(none)",
                "store-3 never logs \"apply change set flush stage PRE_SPLIT_FLUSH_DONE\": its region worker is blocked",
                "store-3/region-worker",
                "apply change set flush shard 150:48 stage PRE_SPLIT_FLUSH_DONE",
                15_000_000));
        w.add(wanted(
                "09:15.545",
                "store-1 150:48 handle change set set engine meta, apply change ... flush ... stage:PRE_SPLIT_FLUSH_DONE sequence:56856",
                "store-1",
                "flush stage:PRE_SPLIT_FLUSH_DONE",
                15_000_000));
        w.add(wanted(
                "09:15.546",
                "store-1 " + S150 + "apply change set flush stage PRE_SPLIT_FLUSH_DONE seq 56856",
                "store-1",
                S150 + "apply change set flush stage PRE_SPLIT_FLUSH_DONE",
                15_000_000));
        w.add(wanted(
                "09:15.609",
                "store-1 " + S150 + "set split stage PRE_SPLIT_FLUSH_DONE",
                "store-1",
                S150 + "set split stage PRE_SPLIT_FLUSH_DONE",
                15_000_000));
        w.add(wanted(
                "09:15.552",
                "store-2 150:48 handle change set set engine meta, apply change ... flush ... stage:PRE_SPLIT_FLUSH_DONE sequence:56856",
                "store-2",
                "flush stage:PRE_SPLIT_FLUSH_DONE",
                15_000_000));
        w.add(wanted(
                "09:15.602",
                "store-2 " + S150 + "set split stage PRE_SPLIT_FLUSH_DONE",
                "store-2",
                S150 + "set split stage PRE_SPLIT_FLUSH_DONE",
                15_000_000));
        w.add(LogAlignment.unmodelled(
                "09:15.605",
                "store-2 150:48 peer store split stage is changed from INITIAL to PRE_SPLIT_FLUSH_DONE (fsm_peer.go:1410)",
                "the peer's view of its store's split stage"));
        w.add(wanted(
                "09:15.772",
                "store-2 " + S150 + "failed to split files err: region 150 is not leader",
                "store-2",
                S150 + "failed to split files",
                15_000_000));
        w.add(wanted(
                "09:15.772",
                "store-2 region 150:48 failed to send check result err: failed to split files: region 150 is not leader",
                "store-2",
                "region 150:48 failed to send check result err: failed to split files",
                15_000_000));
        w.add(wanted(
                "09:24.880",
                "store-3 split region 150:48 by checker size:16000000",
                "store-3/split-checker",
                "split region 150:48 by checker size:16000000",
                20_000_000));
        w.add(wanted(
                "09:24.881",
                "store-3 " + S150 + "wrong split stage PRE_SPLIT",
                "store-3",
                S150 + "wrong split stage",
                20_000_000));
        w.add(wanted(
                "09:24.881",
                "store-3 " + S150 + "failed to pre-split region err: wrong split stage PRE_SPLIT",
                "store-3",
                S150 + "failed to pre-split region",
                20_000_000));
        w.add(wanted(
                "09:24.881",
                "store-3 region 150:48 failed to send check result err: failed to pre-split region: wrong split stage PRE_SPLIT",
                "store-3",
                "region 150:48 failed to send check result err: failed to pre-split",
                20_000_000));
        return w;
    }

    private static final LogAlignment.Style STYLE = new LogAlignment.Style(
            e -> e.actor() + " " + e.kind() + " " + e.detail(),
            "-",
            "no such line",
            why -> "not modelled (" + why + ")");

    /** Runs the documented plan in buggy mode and pairs each report line with the first matching trace line. */
    static List<LogLine> alignment(Scenario scenario) {
        Trace trace = Trace.full();
        scenario.run(
                RunRequest.builtIn(scenario, shardsim.core.scenario.Plans.DOCUMENTED)
                        .spec(SplitMode.BUGGY.name(), 0),
                trace);
        return LogAlignment.align(wanted(), trace.events(), STYLE);
    }
}
