package shardsim.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 40, "no fault that cannot fire": a plan entry that could never take effect is bad input,
 * one line naming it, as a misspelled node is, instead of a run that reports "every check held".
 */
class PlansThatCannotFireTest {
    @TempDir
    Path dir;

    private Path plan(String name, String version, String extra, String faults) throws IOException {
        return Files.writeString(
                dir.resolve(name),
                "{\"schema\":\"shardsim-plan\",\"schemaVersion\":" + version + ",\"scenario\":\"drop-after-clone\""
                        + extra + ",\"faults\":[" + faults + "]}");
    }

    @Test
    void aFaultAfterTheRunsEndIsRefused() throws IOException {
        Path p = plan("late.json", "2", "", "{\"atMicros\":1000000000000,\"kind\":\"crash\",\"node\":\"be10003\"}");
        Cli.real("run", "drop-after-clone", "--plan", p.toString())
                .assertBadInput("fault crash at atMicros 1000000000000 is after the run's end at", "late");
    }

    @Test
    void anOperationAfterTheRunsEndIsRefused() throws IOException {
        Path p = plan(
                "late-op.json",
                "2",
                ",\"workload\":[{\"atMicros\":1000000000000,\"kind\":\"balance\",\"tabletId\":11415,\"destBackend\":\"be10004\"}]",
                "");
        Cli.real("run", "drop-after-clone", "--plan", p.toString())
                .assertBadInput("is after the run's end at", "late operation");
    }

    @Test
    void aNodeCutFromItselfIsRefused() throws IOException {
        Path p = plan("self.json", "2", "", "{\"atMicros\":1000000,\"kind\":\"partition\",\"a\":\"fe\",\"b\":\"fe\"}");
        Cli.real("run", "drop-after-clone", "--plan", p.toString())
                .assertBadInput("is between node fe and itself", "self partition");
    }

    @Test
    void anEndWithoutItsStartIsRefused() throws IOException {
        Path p = plan(
                "end.json",
                "2",
                "",
                "{\"atMicros\":1000000,\"kind\":\"partition-end\",\"a\":\"fe\",\"b\":\"be10003\"}");
        Cli.real("run", "drop-after-clone", "--plan", p.toString())
                .assertBadInput("ends a partition that no earlier fault of the plan started", "end alone");
        Path ok = plan(
                "both.json",
                "2",
                "",
                "{\"atMicros\":1000000,\"kind\":\"partition\",\"a\":\"fe\",\"b\":\"be10003\"},"
                        + "{\"atMicros\":2000000,\"kind\":\"partition-end\",\"a\":\"fe\",\"b\":\"be10003\"}");
        Cli.Result r = Cli.real("run", "drop-after-clone", "--plan", ok.toString());
        org.junit.jupiter.api.Assertions.assertTrue(
                r.code() == 0 || r.code() == 1, "a start and its end run: " + r.err());
    }

    @Test
    void aVersionOnePlanWithVersionTwoFieldsIsRefused() throws IOException {
        Path p = plan("v1.json", "1", ",\"seed\":3", "");
        Cli.real("run", "drop-after-clone", "--plan", p.toString())
                .assertBadInput("has schema version 1, which has no field 'seed'", "v1 with seed");
    }
}
