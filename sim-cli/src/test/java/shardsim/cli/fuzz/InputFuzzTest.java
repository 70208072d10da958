package shardsim.cli.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shardsim.cli.CliContext;
import shardsim.cli.Main;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.io.PlanFile;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.scenarios.Scenarios;

/**
 * The input contract under fuzzing, in-process through {@link Main#newCommandLine}: at least
 * 10,000 mutated plan files and traces of the real scenarios per run of the suite. Every case
 * exits 0, 1 or 2; every input a mutation certainly breaks exits 2 with exactly one line on
 * stderr; nothing prints a stack trace or a raw control character; and no file is left behind
 * (an output is written only by a run that exits 0 or 1). Cases come from a fixed seed, so a
 * failure names a case that reproduces.
 */
class InputFuzzTest {
    static final int PLAN_CASES = 6_000;
    static final int TRACE_CASES = 4_200;
    private static final long SEED = 15;

    @TempDir
    Path dir;

    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final List<Scenario> scenarios = Scenarios.all();
    private picocli.CommandLine commandLine;

    private record Base(String scenario, String text) {}

    private record Outcome(int code, String out, String err) {}

    @Test
    void mutatedPlansAndTracesKeepTheContract() throws IOException {
        long t0 = System.nanoTime();
        List<Base> plans = new ArrayList<>();
        for (Scenario s : scenarios) {
            // split-stall's random plans list over a thousand writes and run for seconds of
            // wall time under fuzzing; its documented plan exercises the same parser and checks.
            for (String plan :
                    s.name().equals("split-stall") ? List.of("documented") : List.of("documented", "random")) {
                RunSpec spec = new RunSpec(s.name(), "buggy", plan, 1);
                plans.add(new Base(
                        s.name(), PlanFile.toJson(s.planOf(spec), s.name(), 1L).toPrettyString()));
            }
        }
        List<List<String>> traces = new ArrayList<>();
        assertEquals("split-stall", scenarios.get(scenarios.size() - 1).name(), "the long trace comes last");
        for (Scenario s : scenarios) {
            Path t = dir.resolve("base-" + s.name() + ".jsonl");
            Outcome o = cli("run", s.name(), "--mode", "buggy", "--plan", "documented", "--trace", t.toString());
            assertEquals(ExitCodes.VIOLATION, o.code(), o.err());
            traces.add(Files.readAllLines(t, StandardCharsets.UTF_8));
            Files.delete(t);
        }
        Path work = Files.createDirectory(dir.resolve("work"));
        SplittableRandom random = new SplittableRandom(SEED);
        int[] byCode = new int[5];
        int certain = 0;
        for (int i = 0; i < PLAN_CASES; i++) {
            Base base = plans.get(random.nextInt(plans.size()));
            PlanMutator.Mutant m = PlanMutator.mutate(base.text(), random);
            Path file = work.resolve("plan.json");
            Files.writeString(file, m.text(), StandardCharsets.UTF_8);
            boolean withTrace = i % 3 == 0;
            Path out = work.resolve("out.jsonl");
            List<String> args = new ArrayList<>(List.of(
                    "run",
                    base.scenario(),
                    "--mode",
                    random.nextBoolean() ? "buggy" : "fixed",
                    "--plan",
                    file.toString()));
            if (withTrace) {
                args.add("--trace");
                args.add(out.toString());
            }
            Outcome o = cli(args.toArray(String[]::new));
            String what = "plan case " + i + " (" + m.how() + ")";
            check(what, o, m.invalid(), m.text());
            byCode[o.code()]++;
            certain += m.invalid() ? 1 : 0;
            if (withTrace && o.code() != ExitCodes.BAD_INPUT) {
                assertTrue(Files.exists(out), what + ": a run that ran writes its trace");
                Files.delete(out);
            }
            Files.delete(file);
            noFilesLeft(work, what);
        }
        double planSeconds = (System.nanoTime() - t0) / 1e9;
        for (int i = 0; i < TRACE_CASES; i++) {
            // The split-stall trace has thousands of lines: one case in twenty reads it.
            List<String> base = random.nextInt(20) == 0
                    ? traces.get(traces.size() - 1)
                    : traces.get(random.nextInt(traces.size() - 1));
            TraceMutator.Mutant m = TraceMutator.mutate(base, random);
            Path file = work.resolve("trace.jsonl");
            Files.writeString(file, m.text(), StandardCharsets.UTF_8);
            Outcome o = cli("replay", file.toString());
            String what = "trace case " + i + " (" + m.how() + ")";
            check(what, o, true, m.text());
            byCode[o.code()]++;
            certain++;
            Files.delete(file);
            noFilesLeft(work, what);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        int cases = PLAN_CASES + TRACE_CASES;
        System.out.printf(
                "InputFuzzTest: %d cases (%d plan files, %d traces; %d certainly invalid) in %.1f s (plans %.1f s); exit 0: %d, 1: %d, 2: %d%n",
                cases, PLAN_CASES, TRACE_CASES, certain, seconds, planSeconds, byCode[0], byCode[1], byCode[2]);
        assertTrue(cases >= 10_000, "at least 10,000 cases");
        assertTrue(
                byCode[0] + byCode[1] > 100,
                "some mutants still run, so the runs are exercised too: " + byCode[0] + byCode[1]);
    }

    private void check(String what, Outcome o, boolean invalid, String input) {
        String all = "\n--- exit " + o.code() + "\n--- stdout\n" + tail(o.out()) + "\n--- stderr\n" + o.err()
                + "\n--- input\n" + tail(input);
        if (o.code() > ExitCodes.BAD_INPUT) {
            fail(what + ": exit " + o.code() + all);
        }
        if (invalid && o.code() != ExitCodes.BAD_INPUT) {
            fail(what + ": an invalid input must exit 2" + all);
        }
        if (o.code() == ExitCodes.BAD_INPUT) {
            assertEquals(1, o.err().lines().count(), what + ": one line on stderr" + all);
        }
        if (o.err().contains("Exception")
                || o.err().contains("\tat ")
                || o.out().contains("\tat ")) {
            fail(what + ": a stack trace" + all);
        }
        for (String s : List.of(o.out(), o.err())) {
            if (s.chars()
                    .anyMatch(c ->
                            c < 0x20 && c != '\n' && c != '\r' && c != '\t' || c == 0x7f || c >= 0x80 && c <= 0x9f)) {
                fail(what + ": a raw control character reached the terminal" + all);
            }
        }
    }

    private static String tail(String s) {
        return s.length() <= 2_000 ? s : "..." + s.substring(s.length() - 2_000);
    }

    private static void noFilesLeft(Path work, String what) throws IOException {
        try (Stream<Path> files = Files.list(work)) {
            List<Path> left = files.toList();
            assertEquals(List.of(), left, what + ": no file left behind");
        }
    }

    private Outcome cli(String... args) {
        outBytes.reset();
        errBytes.reset();
        if (commandLine == null) {
            // One command line for every case, as picocli resets every option before each parse;
            // building one per case would double the test's time for nothing it checks.
            commandLine = Main.newCommandLine(new CliContext(
                    new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                    new PrintStream(errBytes, true, StandardCharsets.UTF_8),
                    scenarios,
                    false));
        }
        int code = commandLine.execute(args);
        return new Outcome(code, outBytes.toString(StandardCharsets.UTF_8), errBytes.toString(StandardCharsets.UTF_8));
    }
}
