package shardsim.cli.issue15;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.base.ExitCodes;
import tools.jackson.databind.node.ObjectNode;

/**
 * Issue 15, "a fault that names something that does not exist is a silent no-op" and "numbers
 * out of range crash or wrap": each case exits 2 before the run, naming the field, the value and
 * the valid names (or the range).
 */
class NamesAndNumbersTest {
    @TempDir
    Path dir;

    private Issue15Cli.Result bad(String scenario, ObjectNode plan, String... expected) throws IOException {
        Path p = Plans15.write(dir, "p.json", plan);
        Issue15Cli.Result r = Issue15Cli.run("run", scenario, "--plan", p.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.all());
        assertEquals(1, r.errLines(), r.all());
        for (String e : expected) {
            assertTrue(r.err().contains(e), "expected '" + e + "' in " + r.err());
        }
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
        return r;
    }

    @Test
    void theDocumentedPlansThemselvesPass() throws IOException {
        for (String s : new String[] {"version-skew", "drop-after-clone", "split-stall"}) {
            Path p = Plans15.write(dir, s + ".json", Plans15.documented(s));
            Issue15Cli.Result r = Issue15Cli.run("run", s, "--mode", "buggy", "--plan", p.toString());
            assertEquals(
                    ExitCodes.VIOLATION,
                    r.code(),
                    "the documented bug still reproduces from its plan file: " + r.all());
        }
    }

    @Test
    void aStallOfAMisspeltBackendIsRefusedNamingTheValidOnes() throws IOException {
        bad(
                "drop-after-clone",
                Plans15.withFault(
                        "drop-after-clone",
                        "{\"atMicros\": 30000000, \"kind\": \"stall-pool\", \"backend\": \"be1006\", \"pool\": \"drop\", \"micros\": 40000000}"),
                "backend 'be1006' is not in this run's world (valid: be10004, be10005, be10006)",
                "stall-pool");
    }

    @Test
    void partitionsAndClogsOfUnknownNodesAreRefused() throws IOException {
        bad(
                "drop-after-clone",
                Plans15.withFault(
                        "drop-after-clone",
                        "{\"atMicros\": 1, \"kind\": \"partition\", \"a\": \"fe\", \"b\": \"be1006\"}"),
                "b 'be1006' is not in this run's world (valid: be10004, be10005, be10006, fe)");
        bad(
                "drop-after-clone",
                Plans15.withFault(
                        "drop-after-clone",
                        "{\"atMicros\": 1, \"kind\": \"clog\", \"a\": \"fee\", \"b\": \"be10004\", \"durationMicros\": 5}"),
                "a 'fee' is not in this run's world");
    }

    @Test
    void leaderTransfersToUnknownNodesOrRegionsAreRefused() throws IOException {
        bad(
                "version-skew",
                Plans15.withFault(
                        "version-skew",
                        "{\"atMicros\": 1, \"kind\": \"transfer-leader\", \"shardId\": 46, \"to\": \"node-9\"}"),
                "to 'node-9' is not in this run's world (valid: node-1, node-2)");
        bad(
                "split-stall",
                Plans15.withFault(
                        "split-stall",
                        "{\"atMicros\": 1, \"kind\": \"transfer-leader\", \"regionId\": 999, \"to\": \"store-1\"}"),
                "regionId '999' is not in this run's world");
        bad(
                "split-stall",
                Plans15.withFault(
                        "split-stall",
                        "{\"atMicros\": 1, \"kind\": \"transfer-leader\", \"regionId\": 150, \"to\": \"store-9\"}"),
                "to 'store-9' is not in this run's world (valid: store-1, store-2, store-3)");
    }

    @Test
    void crashRestartAndClockSkewOfAnUnknownNodeExit2NotAStackTrace() throws IOException {
        for (String kind : new String[] {"crash", "restart"}) {
            bad(
                    "drop-after-clone",
                    Plans15.withFault(
                            "drop-after-clone", "{\"atMicros\": 1, \"kind\": \"" + kind + "\", \"node\": \"be1006\"}"),
                    "node 'be1006' is not in this run's world");
        }
        bad(
                "version-skew",
                Plans15.withFault(
                        "version-skew",
                        "{\"atMicros\": 1, \"kind\": \"clock-skew\", \"node\": \"node-7\", \"skewMicros\": 5}"),
                "node 'node-7' is not in this run's world (valid: client, meta, node-1, node-2)");
        bad(
                "version-skew",
                Plans15.withFault("version-skew", "{\"atMicros\": 1, \"kind\": \"crash\", \"node\": \"client\"}"),
                "node 'client' is not in this run's world (valid: meta, node-1, node-2)");
    }

    @Test
    void operationsOnUnknownShardsTabletsAndStoresAreRefused() throws IOException {
        bad(
                "version-skew",
                Plans15.withOperation(
                        "version-skew",
                        "{\"atMicros\": 1, \"kind\": \"create-table\", \"shardId\": 999, \"table\": \"t\"}"),
                "shardId '999' is not in this run's world (valid: 46, 47)");
        bad(
                "drop-after-clone",
                Plans15.withOperation(
                        "drop-after-clone",
                        "{\"atMicros\": 1, \"kind\": \"balance\", \"tabletId\": 11416, \"destBackend\": \"be10004\"}"),
                "tabletId '11416' is not in this run's world");
        bad(
                "split-stall",
                Plans15.withOperation(
                        "split-stall",
                        "{\"atMicros\": 1, \"kind\": \"split-check\", \"regionId\": 150, \"store\": \"store-0\"}"),
                "store 'store-0' is not in this run's world");
        bad(
                "version-skew",
                Plans15.withFault(
                        "version-skew",
                        "{\"atMicros\": 1, \"kind\": \"drop-response\", \"node\": \"node-1\", \"request\": \"CreateTable\"}"),
                "request 'CreateTable' is not in this run's world (valid: CreateTableOnShard, DropTableOnShard, OpenShard)");
    }

    @Test
    void aWriteOfLongMaxBytesIsRefusedNotWrapped() throws IOException {
        bad(
                "split-stall",
                Plans15.withOperation(
                        "split-stall",
                        "{\"atMicros\": 1, \"kind\": \"write\", \"regionId\": 150, \"bytes\": 9223372036854775807}"),
                "bytes must be between 0 and 1099511627776, got 9223372036854775807");
    }

    @Test
    void delaysDurationsAndTimesNearLongMaxOrNegativeAreRefused() throws IOException {
        bad(
                "version-skew",
                Plans15.withFault(
                        "version-skew",
                        "{\"atMicros\": 1, \"kind\": \"heartbeat-delay\", \"node\": \"node-1\", \"extraMicros\": -5}"),
                "extraMicros must be between 0 and 1000000000000, got -5");
        bad(
                "version-skew",
                Plans15.withFault(
                        "version-skew",
                        "{\"atMicros\": 1, \"kind\": \"meta-crash-before-persist\", \"restartAfterMicros\": 9223372036854775807}"),
                "restartAfterMicros must be between 0 and 1000000000000");
        bad(
                "drop-after-clone",
                Plans15.withFault(
                        "drop-after-clone",
                        "{\"atMicros\": 9223372036854775807, \"kind\": \"crash\", \"node\": \"fe\"}"),
                "atMicros must be between 0 and 1000000000000");
        bad(
                "drop-after-clone",
                Plans15.withFault(
                        "drop-after-clone",
                        "{\"atMicros\": 1, \"kind\": \"clog\", \"a\": \"fe\", \"b\": \"be10004\", \"durationMicros\": 9223372036854775000}"),
                "durationMicros must be between");
        bad(
                "drop-after-clone",
                Plans15.withFault(
                        "drop-after-clone",
                        "{\"atMicros\": 1, \"kind\": \"clock-skew\", \"node\": \"fe\", \"skewMicros\": -9223372036854775000}"),
                "skewMicros must be between -1000000000000 and 1000000000000");
        ObjectNode link = Plans15.documented("drop-after-clone");
        link.putObject("link")
                .put("lossProbability", 0)
                .put("duplicateProbability", 0)
                .put("delayMicrosMin", 0)
                .put("delayMicrosMax", 4611686018427387904L);
        bad("drop-after-clone", link, "delayMicrosMax <= 1000000000000");
    }
}
