package shardsim.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import shardsim.core.check.Violation;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.PlanJson;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.ShellWords;
import shardsim.core.scenario.Verdict;
import shardsim.core.trace.Trace;

/**
 * Runs a generated plan and, when it fails, writes it as a plan file ({@link PlanJson}, the format
 * {@code sim run --plan} reads) and names the command that replays it. A property that calls
 * {@link #assertHolds} fails with that command in its message, for the case jqwik shrank to.
 */
public final class Replay {
    /** Where failing plans go: under the build folder of the module whose tests run, so {@code mvn clean} removes them. */
    public static final Path FOLDER = Path.of("target", "jqwik-plans").toAbsolutePath();

    private Replay() {}

    /** Runs the plan keeping only the digest (the file is written only on failure, by {@link #describe}). */
    public static RunResult run(Scenario scenario, String mode, CustomPlan plan, long seed) {
        return scenario.run(RunSpec.custom(scenario.name(), mode, plan, seed), Trace.digestOnly());
    }

    /**
     * Fails with the replay command unless every claim of {@code mode} holds ({@link Verdict}: the
     * mode's known gaps are findings, not failures).
     */
    public static void assertHolds(Scenario scenario, String mode, long seed, CustomPlan plan) {
        RunResult r = run(scenario, mode, plan, seed);
        if (!Verdict.of(scenario, r).claimsHold()) {
            throw new AssertionError(describe(scenario, mode, plan, seed, r));
        }
    }

    /**
     * Writes the plan (named by its content, so each failing case jqwik tries keeps its own file)
     * and returns what broke and the command that replays it, for an assertion message.
     */
    public static String describe(Scenario scenario, String mode, CustomPlan plan, long seed, RunResult r) {
        Path file = write(scenario, mode, plan, seed);
        StringBuilder b = new StringBuilder();
        for (Violation v : r.violations()) {
            b.append("\n  ").append(v.render());
        }
        return "plan of " + plan.faults().size() + " faults and " + plan.operationCount() + " operations broke:" + b
                + "\nreplay: ./" + command(scenario, mode, file, seed);
    }

    /** The {@code sim run} command for a plan file (a scenario outside this repository needs its jar on {@code SIM_CLASSPATH}). */
    public static String command(Scenario scenario, String mode, Path file, long seed) {
        return ShellWords.join(
                "sim",
                "run",
                scenario.name(),
                "--mode",
                mode,
                "--plan",
                file.toString(),
                "--seed",
                Long.toString(seed));
    }

    /**
     * The {@code sim run} command that repeats {@code spec}, with its node modes, for an assertion
     * message (the test kit is a front end: the kernel's spec writes no command lines).
     */
    public static String command(shardsim.core.scenario.RunSpec spec) {
        java.util.List<String> words = new java.util.ArrayList<>(java.util.List.of(
                "sim",
                "run",
                spec.scenario(),
                "--mode",
                spec.mode(),
                "--plan",
                spec.plan(),
                "--seed",
                Long.toString(spec.seed())));
        spec.nodeModes().forEach((name, mode) -> {
            words.add("--node-mode");
            words.add(name + "=" + mode);
        });
        return ShellWords.join(words.toArray(String[]::new));
    }

    /** Writes the plan under {@link #FOLDER} and returns the file; it names the seed, so {@code sim run --plan} alone replays it. */
    public static Path write(Scenario scenario, String mode, CustomPlan plan, long seed) {
        String content = PlanJson.write(plan.withSource("-"), scenario.name(), seed);
        Path file = FOLDER.resolve(scenario.name() + "-" + mode + "-seed-" + seed + "-"
                + Integer.toHexString(content.hashCode()) + ".json");
        String json = PlanJson.write(plan.withSource(file.toString()), scenario.name(), seed);
        try {
            Files.createDirectories(FOLDER);
            Path tmp = Files.createTempFile(FOLDER, ".plan", ".tmp");
            Files.writeString(tmp, json + "\n", StandardCharsets.UTF_8);
            // Appears only once complete: a reader never sees half a plan.
            Files.move(
                    tmp,
                    file,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }
}
