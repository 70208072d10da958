package shardsim.scenarios.splitstall;

import java.util.ArrayList;
import java.util.List;
import shardsim.core.scenario.FidelityRow;
import shardsim.core.scenario.LogLine;
import shardsim.core.scenario.RunSpec;
import shardsim.core.trace.Micros;
import shardsim.core.trace.Trace;
import shardsim.core.trace.TraceData;
import shardsim.core.trace.TraceEvent;

/** What split-stall models against unistore's code, and the report's log beside the documented buggy trace. */
final class SplitStallFidelity {
    private SplitStallFidelity() {
    }

    private static final String B = " at b4ca36b";

    static List<FidelityRow> rows() {
        return List.of(
                new FidelityRow("the region worker's channel holds 128 tasks; the applier that sends a change set to a full channel blocks, and with it every region's applies on the store",
                        "tikv/raftstore/worker.go:180-183 (defaultWorkerCapacity, newWorker), applier.go:599" + B,
                        "one applier per store, one region's committed batch per task; a send from a raft handler (a role change) to a full channel is refused and traced instead of blocking the raftstore loop"),
                new FidelityRow("the pre-split check reads the engine's split stage", "tikv/raftstore/worker.go:250-262 preSplitRegion" + B + " (log lines as in 9879ec2)",
                        "the size suggestion is not modelled: a scripted check forces the check, a periodic one compares the region's size with 16000000"),
                new FidelityRow("buggy: a new leader queues recovery at once, with the persisted stage", "tikv/raftstore/peer.go:739-749 OnRoleChanged" + B,
                        "the raft ready loop is abstracted to role-change callbacks"),
                new FidelityRow("recovery runs splitShardFiles on the region worker, which polls every 100 ms for PRE_SPLIT_FLUSH_DONE",
                        "tikv/raftstore/worker.go:476-480 handleRecoverSplit, engine/split.go:91-99 waitForPreSplitFlushState" + B,
                        "splitting the files is a fixed 50 ms of worker time"),
                new FidelityRow("fixed (#615): seq captured at the role change; a watcher polls every 100 ms until engine stage >= PRE_SPLIT_FLUSH_DONE and engine sequence >= seq, then queues recovery with the engine stage; it exits when the shard turns passive",
                        "tikv/raftstore/peer.go OnRoleChanged at 9879ec2",
                        "the watcher is a timer; it also stops when the engine has left the epoch (an earlier leader finished the split)"),
                new FidelityRow("#615 panics when a recovery is handled in PRE_SPLIT", "tikv/raftstore/worker.go handleRecoverSplit at 9879ec2",
                        "a check (U5) reads the task holding the region worker; the run goes on"),
                new FidelityRow("fixed (#643): a new leader whose engine is in PRE_SPLIT flushes again, marking the flush PRE_SPLIT_FLUSH_DONE",
                        "engine/engine.go TriggerFlush at 3522d5f", "a mem-table is a byte count and a pre-split flag"),
                new FidelityRow("only the leader flushes; becoming leader triggers a flush", "engine/engine.go:801 TriggerFlush, peer.go:721 SetPassive" + B,
                        "flush time is drawn (100-300 ms; 250-280 ms in the documented plan)"),
                new FidelityRow("the meta is persisted before the engine's part is queued; a restarted engine reloads from the meta",
                        "tikv/raftstore/peer.go:887 handleChangeSet" + B,
                        "the engine's own manifest is not modelled, so the engine can never be ahead of the meta: U4 (engine never passes the meta) could not fire and was removed"),
                new FidelityRow("Raft", "etcd raft as vendored by unistore",
                        "terms, votes with pre-vote and leader stickiness, log, commit, leader transfer; appends go out on a 300 ms tick, so PRE_SPLIT is applied at 14.1-14.4 s against 13.90-13.92 s in the report; no snapshots or membership changes"),
                new FidelityRow("a peer writes its term and vote (HardState) to stable storage before it sends the messages of that step (a leader may send its "
                        + "entries while writing them, thesis 10.2.1); the log is durable; the commit index is volatile and restarts from the applied index "
                        + "the apply state persists",
                        "tikv/raftstore/peer.go:850-860 NewRaftReady, peer_storage.go:534-562 SaveReadyState, peer_worker.go:239-246 postPersistState" + B
                                + "; etcd-io/raft doc.go:75-81 at cdfbeed",
                        "handlers run to completion and write the hard state and every log entry durably before they return, a leader's too; U9, U10 and "
                                + "U11 (hard state and votes, one leader per term, the same entry at every committed index) read the replicas and their disks "
                                + "from outside after every event"),
                new FidelityRow("U1 sees a wait whose only satisfier is queued behind it", "the report's diagnosis (region worker blocked by recover split)",
                        "kernel wait-for graph: a waiting task names its condition, change-set and finish-split tasks declare the conditions they may meet"),
                new FidelityRow("mixed versions: each store runs its own code, and both parts of the fix act only on the store whose peer becomes leader: "
                        + "#615's watcher in OnRoleChanged queues recovery on that store's own region worker, whose handleRecoverSplit panics in PRE_SPLIT; "
                        + "#643's re-flush is in the TriggerFlush that OnRoleChanged calls",
                        "tikv/raftstore/peer.go OnRoleChanged and worker.go handleRecoverSplit at 9879ec2; engine/engine.go TriggerFlush and peer.go OnRoleChanged at 3522d5f",
                        "which fix a region gets is decided by the code of the store that leads it when it takes over; a store's region worker is store-wide, "
                        + "and a leader finishes a split only once every follower reports its split files (fsm_peer.go:285-290" + B + "), so an old store that "
                        + "blocks its worker also stalls splits of regions new stores lead (random seed 139 with only store-1 old)"),
                new FidelityRow("mixed versions: no message between peers changes with the fix; raft messages, the change sets in the log (a new leader's "
                        + "re-flush proposes the same flush change set, stage PRE_SPLIT_FLUSH_DONE, that an old leader's pre-split flush does) and the "
                        + "followers' split-files-done report are the same in old and new code",
                        "9879ec2 and 3522d5f change no .proto (enginepb/changeset.proto moved in b4ca36b..3522d5f only with #621 f06ae62 and #632 c4292e3) "
                                + "and neither touches sendRaftMessage (peer.go:1021-1030" + B + ") nor updateFollowerSplitFilesDone (fsm_peer.go:1366" + B + ")",
                        "the other commits between b4ca36b and 3522d5f are in neither code; a new store's handling of every message is the old one's "
                                + "(MixedVersionTest sends each kind both ways)"),
                new FidelityRow("mixed versions: #615's applier-side lines, which run on every peer (handleChangeSet rejects compactions by the meta's stage "
                        + "rather than the peer storage's; buildSplitShards keeps the old shard's passive flag), have no effect here",
                        "tikv/raftstore/peer.go handleChangeSet and engine/split.go buildSplitShards at 9879ec2; a follower's proposal is refused "
                                + "(fsm_peer.go:1352 onGenerateMetaChangeEvent" + B + ")",
                        "compactions are not modelled and only a leader flushes, in either code, so an old follower whose new shard turns active after a "
                                + "split (old buildSplitShards) behaves as a new one; neither part is a switch of the mode table"),
                new FidelityRow("upgrade and downgrade keep the disk: the raft log, hard state and shard meta are read alike by both codes; a store restarted "
                        + "with new code in the middle of a split old code started reloads the engine's stage from the meta, passive, without the mem-table "
                        + "switched at PRE_SPLIT, and when it becomes leader it re-flushes and waits to recover; the restart also drops a recovery that held "
                        + "the old process's region worker",
                        "engine/shard.go newShardForLoading" + B + "; neither 9879ec2 nor 3522d5f changes engine/meta.go (ShardMeta) or its marshalling",
                        "the engine's own manifest and the replay of the raft log into mem-tables are not modelled: the mem-table switched at PRE_SPLIT "
                                + "is lost on any restart, so a restart mid-split leaves no pre-split flush to come unless a new leader re-flushes (#643)"));
    }

    /** One line of the report and how to find ours: the first trace line of {@code actor} containing {@code has} at or after {@code fromMicros}. */
    private record Wanted(String reportTime, String reportLine, String actor, String has, long fromMicros) {
    }

    private static final String S150 = "shard 150:48 ";

    private static List<Wanted> wanted() {
        List<Wanted> w = new ArrayList<>();
        w.add(new Wanted("09:04.338", "store-2 " + S150 + "apply change set flush stage INITIAL seq 54695", "store-2", S150 + "apply change set flush stage INITIAL", 0));
        w.add(new Wanted("09:13.863", "store-2 split region 150:48 by checker size:16000000", "store-2/split-checker", "split region 150:48 by checker size:16000000", 0));
        w.add(new Wanted("09:13.902", "store-2 150:48 handle change set set engine meta, apply change ... stage:PRE_SPLIT sequence:56571", "store-2", "pre-split stage:PRE_SPLIT", 0));
        w.add(new Wanted("09:13.906", "store-2 " + S150 + "set split stage PRE_SPLIT", "store-2", S150 + "set split stage PRE_SPLIT", 0));
        w.add(new Wanted("09:13.914", "store-1 150:48 handle change set set engine meta, apply change ... stage:PRE_SPLIT sequence:56571", "store-1", "pre-split stage:PRE_SPLIT", 0));
        w.add(new Wanted("09:13.914", "store-3 150:48 handle change set set engine meta, apply change ... stage:PRE_SPLIT sequence:56571", "store-3", "pre-split stage:PRE_SPLIT", 0));
        w.add(new Wanted("09:13.921", "store-3 " + S150 + "set split stage PRE_SPLIT", "store-3", S150 + "set split stage PRE_SPLIT", 0));
        w.add(new Wanted("09:15.085", "store-1 150 became follower at term 7", "store-1", "150 became follower at term 7", 0));
        w.add(new Wanted("09:15.086", "store-3 150 became leader at term 7", "store-3", "150 became leader at term 7", 0));
        w.add(new Wanted("09:15.086", "store-3 " + S150 + "set passive false", "store-3", S150 + "set passive false", 15_000_000));
        w.add(new Wanted("09:15.086", "store-3 150:48 trigger flush mem table ver:61988", "store-3", "150:48 trigger flush mem table", 15_000_000));
        w.add(new Wanted("09:15.086", "store-3 " + S150 + "recover split", "store-3", S150 + "recover split", 15_000_000));
        w.add(new Wanted("09:15.089", "store-2 150 became follower at term 7", "store-2", "150 became follower at term 7", 0));
        w.add(new Wanted("09:15.089", "store-2 " + S150 + "set passive true", "store-2", S150 + "set passive true", 15_000_000));
        w.add(new Wanted("09:15.271", "store-2 150:48 flush memtable ... size:89395560", "store-2", "flush memtable 150:48", 14_000_000));
        w.add(new Wanted("09:15.353", "store-3 150:48 flush memtable ... size:89395560", "store-3", "flush memtable 150:48", 15_000_000));
        w.add(new Wanted("09:15.544", "store-3 150:48 handle change set set engine meta, apply change ... flush ... stage:PRE_SPLIT_FLUSH_DONE sequence:56856",
                "store-3", "flush stage:PRE_SPLIT_FLUSH_DONE", 15_000_000));
        w.add(new Wanted("(none)", "store-3 never logs \"apply change set flush stage PRE_SPLIT_FLUSH_DONE\": its region worker is blocked", "store-3/region-worker",
                "apply change set flush shard 150:48 stage PRE_SPLIT_FLUSH_DONE", 15_000_000));
        w.add(new Wanted("09:15.545", "store-1 150:48 handle change set set engine meta, apply change ... flush ... stage:PRE_SPLIT_FLUSH_DONE sequence:56856",
                "store-1", "flush stage:PRE_SPLIT_FLUSH_DONE", 15_000_000));
        w.add(new Wanted("09:15.546", "store-1 " + S150 + "apply change set flush stage PRE_SPLIT_FLUSH_DONE seq 56856", "store-1",
                S150 + "apply change set flush stage PRE_SPLIT_FLUSH_DONE", 15_000_000));
        w.add(new Wanted("09:15.609", "store-1 " + S150 + "set split stage PRE_SPLIT_FLUSH_DONE", "store-1", S150 + "set split stage PRE_SPLIT_FLUSH_DONE", 15_000_000));
        w.add(new Wanted("09:15.552", "store-2 150:48 handle change set set engine meta, apply change ... flush ... stage:PRE_SPLIT_FLUSH_DONE sequence:56856",
                "store-2", "flush stage:PRE_SPLIT_FLUSH_DONE", 15_000_000));
        w.add(new Wanted("09:15.602", "store-2 " + S150 + "set split stage PRE_SPLIT_FLUSH_DONE", "store-2", S150 + "set split stage PRE_SPLIT_FLUSH_DONE", 15_000_000));
        w.add(new Wanted("09:15.605", "store-2 150:48 peer store split stage is changed from INITIAL to PRE_SPLIT_FLUSH_DONE (fsm_peer.go:1410)", null, null, 0));
        w.add(new Wanted("09:15.772", "store-2 " + S150 + "failed to split files err: region 150 is not leader", "store-2", S150 + "failed to split files", 15_000_000));
        w.add(new Wanted("09:15.772", "store-2 region 150:48 failed to send check result err: failed to split files: region 150 is not leader", "store-2",
                "region 150:48 failed to send check result err: failed to split files", 15_000_000));
        w.add(new Wanted("09:24.880", "store-3 split region 150:48 by checker size:16000000", "store-3/split-checker", "split region 150:48 by checker size:16000000", 20_000_000));
        w.add(new Wanted("09:24.881", "store-3 " + S150 + "wrong split stage PRE_SPLIT", "store-3", S150 + "wrong split stage", 20_000_000));
        w.add(new Wanted("09:24.881", "store-3 " + S150 + "failed to pre-split region err: wrong split stage PRE_SPLIT", "store-3", S150 + "failed to pre-split region", 20_000_000));
        w.add(new Wanted("09:24.881", "store-3 region 150:48 failed to send check result err: failed to pre-split region: wrong split stage PRE_SPLIT", "store-3",
                "region 150:48 failed to send check result err: failed to pre-split", 20_000_000));
        return w;
    }

    /** The words a report line is found by: a note's text, a timer's label, or the name of the task a worker event is about. */
    private static String words(TraceData d) {
        if (d instanceof TraceData.Note n) {
            return n.text();
        } else if (d instanceof TraceData.Step t) {
            return t.label();
        } else if (d instanceof TraceData.TaskQueued t) {
            return t.task();
        } else if (d instanceof TraceData.TaskAdmitted t) {
            return t.task();
        } else if (d instanceof TraceData.TaskStart t) {
            return t.task();
        } else if (d instanceof TraceData.TaskDone t) {
            return t.task();
        } else if (d instanceof TraceData.Poll t) {
            return t.task();
        }
        return null;
    }

    /** Runs the documented plan in buggy mode and pairs each report line with the first matching trace line. */
    static List<LogLine> alignment(SplitStallScenario scenario) {
        Trace trace = Trace.full();
        scenario.run(new RunSpec(scenario.name(), SplitMode.BUGGY.name(), shardsim.core.scenario.Plans.DOCUMENTED, 0), trace);
        List<TraceEvent> events = trace.events();
        List<LogLine> out = new ArrayList<>();
        for (Wanted w : wanted()) {
            if (w.actor() == null) {
                out.add(new LogLine(w.reportTime(), w.reportLine(), "-", "not modelled (the peer's view of its store's split stage)"));
                continue;
            }
            TraceEvent hit = null;
            for (TraceEvent e : events) {
                String words = words(e.data());
                if (e.timeMicros() >= w.fromMicros() && e.actor().equals(w.actor()) && words != null && words.contains(w.has())) {
                    hit = e;
                    break;
                }
            }
            out.add(hit == null ? new LogLine(w.reportTime(), w.reportLine(), "-", "no such line")
                    : new LogLine(w.reportTime(), w.reportLine(), Micros.format(hit.timeMicros()), hit.actor() + " " + hit.kind() + " " + hit.detail()));
        }
        return out;
    }
}
