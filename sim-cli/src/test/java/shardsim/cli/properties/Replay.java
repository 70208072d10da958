package shardsim.cli.properties;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import shardsim.cli.io.PlanFile;
import shardsim.core.check.Violation;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.trace.Trace;

/** Runs a generated plan, and on failure writes it where {@code sim run} can replay it. */
public final class Replay {
    /** Where failing plans go (under the module's build folder, so {@code mvn clean} removes them). */
    public static final Path FOLDER = Path.of("target", "jqwik-plans").toAbsolutePath();

    private Replay() {
    }

    /** Runs the plan (digest only); the file is written only if it fails, by {@link #describe}. */
    public static RunResult run(Scenario scenario, String mode, CustomPlan plan, long seed) {
        return scenario.run(RunSpec.custom(scenario.name(), mode, plan, seed), Trace.digestOnly());
    }

    /**
     * Writes the plan (named by its content, so each failing case jqwik tries keeps its own file)
     * and returns the command that replays it, with the violations, for an assertion message.
     */
    public static String describe(Scenario scenario, String mode, CustomPlan plan, long seed, RunResult r) {
        Path file = file(scenario, mode, plan, seed);
        String json = PlanFile.toJson(plan.withSource(file.toString()), scenario.name(), seed).toPrettyString();
        try {
            Files.createDirectories(FOLDER);
            Files.writeString(file, json + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        StringBuilder b = new StringBuilder();
        for (Violation v : r.violations()) {
            b.append("\n  ").append(v.render());
        }
        return "plan of " + plan.faults().size() + " faults and " + plan.operationCount() + " operations broke:" + b
                + "\nreplay: ./sim run " + scenario.name() + " --mode " + mode + " --plan " + file + " --seed " + seed;
    }

    private static Path file(Scenario scenario, String mode, CustomPlan plan, long seed) {
        String content = PlanFile.toJson(plan.withSource("-"), scenario.name(), seed).toString();
        return FOLDER.resolve(scenario.name() + "-" + mode + "-seed-" + seed + "-" + Integer.toHexString(content.hashCode()) + ".json");
    }
}
