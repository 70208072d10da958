package shardsim.scenarios.dropafterclone.report;

import java.util.List;
import shardsim.core.scenario.LogAlignment;
import shardsim.core.scenario.LogAlignment.Match;
import shardsim.core.scenario.LogAlignment.Row;
import shardsim.core.scenario.LogLine;
import shardsim.core.trace.TraceData;
import shardsim.core.trace.TraceEvent;
import shardsim.scenarios.dropafterclone.model.DorisCluster;
import shardsim.scenarios.dropafterclone.plan.DocumentedPlan;

/**
 * The report's fe.log and be.INFO lines, each with the trace event of the documented buggy run
 * that corresponds to it ({@link LogAlignment}). An event is found by its actor and the words its
 * note starts with (the model traces the same words Doris logs), no earlier than the event matched
 * for an anchor row, so a line about step 3 does not match the same words of step 1.
 */
final class ReportLog {
    private static final String B = DocumentedPlan.B;
    private static final String FE = DorisCluster.FE;

    private static final List<Row> ROWS = List.of(
            // fe.log, step 2 finished
            row(
                    "10:14:37,352",
                    "FE INFO delete replica. tablet id: 11415, backend id: 10006. reason: DECOMMISSION state, force: false",
                    FE,
                    "delete replica. tablet id: 11415, backend id: " + B,
                    null,
                    -1),
            none(
                    "10:14:37,352",
                    "FE INFO remove the tablet 11415. because: redundant replica is deleted",
                    "no TabletSchedCtx in the model: a move ends when its clone finishes"),
            // fe.log, B's report
            row(
                    "10:15:17,809",
                    "FE WARN failed add to meta. tablet[11415], backend[10006]. errCode = 2, detailMessage = replica is enough[1-1]",
                    FE,
                    "failed add to meta. tablet[11415], backend[" + B + "]",
                    null,
                    0),
            row(
                    "10:15:17,809",
                    "FE WARN delete tablet[11415 - 328326456] from backend[10006] because not found in meta",
                    FE,
                    "delete tablet[11415]",
                    "backend[" + B + "]",
                    2),
            row(
                    "10:15:17,812",
                    "FE INFO add clone task to agent task queue: tablet id: 11415, ... src backend: xxxxx, ... dest backend: 10006",
                    FE,
                    "add clone task to agent task queue: tablet id: 11415",
                    "dest backend: " + B,
                    3),
            // be.INFO, the CLONE
            row(
                    "10:15:17.814332",
                    "BE submitting task. type=CLONE, signature=11415",
                    B,
                    "success to submit task. type=CLONE, signature=11415",
                    null,
                    4),
            same("10:15:17.814347", "BE success to submit task. type=CLONE, signature=11415, task_count_in_queue=2", 5),
            row("10:15:17.814397", "BE get clone task. signature:11415", B, "get clone task. signature:11415", null, 5),
            row(
                    "10:15:17.814409",
                    "BE clone tablet exist yet, begin to incremental clone. signature:11415, tablet_id:11415, ...",
                    B,
                    "clone tablet exist yet, begin to incremental clone. tablet_id=11415",
                    null,
                    7),
            row(
                    "10:15:17.814419",
                    "BE finish to calculate missed versions when clone. ... missed_versions_size=0",
                    B,
                    "missed version size = 0, skip clone and return success. tablet_id=11415",
                    null,
                    8),
            none("10:15:17.814425", "BE begin to process report tablet info.tablet_id=11415", "not traced separately"),
            row(
                    "10:15:17.814515",
                    "BE clone get tablet info success. tablet_id:11415, schema_hash:328326456, signature:11415, version:1",
                    B,
                    "clone get tablet info success. tablet_id=11415",
                    null,
                    8),
            same("10:15:17.814522", "BE clone success, set tablet infos.signature:11415", 11),
            // fe.log, the finish
            row(
                    "10:15:17,819",
                    "FE INFO clone finished: tablet id: 11415, status: HEALTHY, state: FINISHED, type: BALANCE. from backend: 10004 ... to backend: 10006",
                    FE,
                    "clone finished: tablet id: 11415",
                    "to backend: " + B,
                    11),
            none(
                    "10:15:17,819",
                    "FE INFO remove the tablet 11415. because: finished",
                    "no TabletSchedCtx in the model"),
            // be.INFO, the DROP
            row(
                    "10:15:17.814952",
                    "BE submitting task. type=DROP, signature=11415",
                    B,
                    "success to submit task. type=DROP, signature=11415",
                    null,
                    4),
            same(
                    "10:15:17.814957",
                    "BE success to submit task. type=DROP, signature=11415, task_count_in_queue=10",
                    15),
            row(
                    "10:15:17.816692",
                    "BE begin drop tablet. tablet_id=11415, schema_hash=328326456",
                    B,
                    "begin drop tablet. tablet_id=11415",
                    null,
                    15),
            row(
                    "10:15:17.816697",
                    "BE set tablet to shutdown state and remove it from memory. tablet_id=11415, ...",
                    B,
                    "set tablet to shutdown state and remove it from memory. tablet_id=11415",
                    null,
                    17),
            none(
                    "10:15:17.816767",
                    "BE save tablet meta , key:tabletmeta_11415_328326456 meta_size=1172",
                    "the delete is one durable write"),
            row(
                    "10:15:17.816998",
                    "BE remove task info. type=DROP, signature=11415, queue_size=68",
                    B,
                    "remove task info. type=DROP, signature=11415",
                    null,
                    17),
            row(
                    "10:15:17.820333",
                    "BE remove task info. type=CLONE, signature=11415, queue_size=1",
                    B,
                    "remove task info. type=CLONE, signature=11415",
                    null,
                    13),
            // fe.log, B's next report
            row(
                    "10:16:17,810",
                    "FE ERROR backend [10006] invalid situation. tablet[11415] has few replica[1], replica num setting is [1]",
                    FE,
                    "backend [" + B
                            + "] invalid situation. tablet[11415] has few replica[1], replica num setting is [1]",
                    null,
                    17),
            row(
                    "10:16:17,810",
                    "FE WARN tablet 11415 has only one replica 320661 on backend 10006 and it is lost, set it as bad",
                    FE,
                    "tablet 11415 has only one replica 320661 on backend " + B + " and it is lost, set it as bad",
                    null,
                    22));

    private ReportLog() {}

    /** The line found by the note of {@code actor} starting with {@code startsWith} (and containing {@code contains}), at or after row {@code anchor}'s. */
    private static Row row(String time, String line, String actor, String startsWith, String contains, int anchor) {
        return LogAlignment.line(
                time,
                line,
                Match.of(actor)
                        .only(TraceData.Note.class)
                        .startingWith(startsWith)
                        .containing(contains)
                        .after(anchor));
    }

    /** The line that is the very event found for row {@code anchor}. */
    private static Row same(String time, String line, int anchor) {
        return LogAlignment.sameAs(time, line, anchor);
    }

    private static Row none(String time, String line, String why) {
        return LogAlignment.unmodelled(time, line, why);
    }

    private static final LogAlignment.Style STYLE = new LogAlignment.Style(
            e -> e.actor() + ": " + e.detail(), "", "(not in the trace)", why -> "(" + why + ")");

    /** The rows, matched against the events of the documented buggy run (with its run continuing past the first violation). */
    static List<LogLine> align(List<TraceEvent> events) {
        return LogAlignment.align(ROWS, events, STYLE);
    }
}
