package shardsim.cli.io;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import shardsim.cli.base.UserError;
import shardsim.core.fault.End;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.PlanJson;
import shardsim.core.scenario.PlanKinds;
import shardsim.core.scenario.Scenario;
import tools.jackson.databind.node.ObjectNode;

/**
 * A plan given as data: the default link policy, every fault and optionally every workload
 * operation, as JSON.
 *
 * <pre>
 * {"schema": "shardsim-plan", "schemaVersion": 2, "scenario": "drop-after-clone",
 *  "base": "random", "seed": 1,
 *  "link": {"lossProbability": 0.01, "duplicateProbability": 0.0, "delayMicrosMin": 500, "delayMicrosMax": 20000},
 *  "faults": [{"atMicros": 1000000, "kind": "partition", "a": "fe", "b": "be10003"},
 *             {"atMicros": 4000000, "kind": "partition-end", "a": "fe", "b": "be10003"}],
 *  "workload": [{"atMicros": 2000000, "kind": "balance", "tabletId": 11415, "destBackend": "be10004"}]}
 * </pre>
 *
 * A fault's or operation's fields are its record's components; its kind is the record's simple
 * name in kebab case. The end of a lasting fault ({@link End}) is its start's kind with
 * {@code -end} appended and the start's fields, so it names exactly the fault it ends. {@code base} (default {@code random}) names the built-in plan whose world
 * the plan runs in; {@code seed} is the seed {@code sim run} uses when given none; without
 * {@code workload} the workload is drawn from the seed. {@code "modes": {"NAME": "MODE"}} starts
 * nodes or roles on another mode's code than the run's; the kinds {@code upgrade} and
 * {@code downgrade} ({@code node}, {@code toMode}) restart a node on another mode's code. The link's delay is uniform between
 * {@code delayMicrosMin} and {@code delayMicrosMax}, exponential when {@code delayMicrosMean} is
 * also given, or fixed when {@code delayMicros} is given instead. Version 1 files (no base, seed
 * or workload) still read. Every problem (unknown kind, missing or extra field, a probability
 * outside [0, 1]) is a one-line {@link UserError}.
 *
 * <p>One codec writes and reads these files: sim-core's {@link PlanJson} (kinds in
 * {@link PlanKinds}). This class reads a file's text, lets the command line's JSON library judge
 * its syntax (for its messages), and turns the codec's errors into {@link UserError}s.
 */
public final class PlanFile {
    public static final String SCHEMA = PlanJson.SCHEMA;
    public static final int SCHEMA_VERSION = PlanJson.SCHEMA_VERSION;

    private PlanFile() {}

    /** Whether a --plan value names a file rather than a built-in plan. */
    public static boolean looksLikeFile(String plan) {
        return plan.endsWith(".json") || plan.contains("/") || plan.contains(java.io.File.separator);
    }

    public static CustomPlan read(Path path, Scenario scenario) {
        return load(path, scenario).plan();
    }

    private static String text(Path path) {
        String where = "plan " + path;
        String text = InputText.read(path, where, InputLimits.PLAN_BYTES);
        if (text.isBlank()) {
            throw new UserError(where + " is empty");
        }
        return text;
    }

    /** The plan a parsed plan file (or a trace header's copy of one) holds; {@code source} names it. */
    public static CustomPlan fromJson(ObjectNode o, String source, Scenario scenario) {
        return decode(o, source, scenario).plan();
    }

    private static PlanJson.Read decode(ObjectNode o, String source, Scenario scenario) {
        try {
            return PlanJson.read(Json.line(o), source, scenario);
        } catch (IllegalArgumentException e) {
            throw new UserError(Text.oneLine(String.valueOf(e.getMessage())));
        }
    }

    /** The seed a plan file names, if it names one. */
    public static OptionalLong seed(ObjectNode o, String source) {
        return o.has("seed") ? OptionalLong.of(Json.number(o, "seed", "plan " + source)) : OptionalLong.empty();
    }

    /** Reads a plan file and the seed it names, if any. */
    public static Loaded load(Path path, Scenario scenario) {
        ObjectNode o = Json.object(text(path), "plan " + path);
        PlanJson.Read read = decode(o, path.toString(), scenario);
        return new Loaded(read.plan(), read.seed());
    }

    /** A plan file's plan and the seed it names. */
    public record Loaded(CustomPlan plan, OptionalLong seed) {}

    /** The plan as JSON, as a plan file holds it (used in trace headers so replays need no other file). */
    public static ObjectNode toJson(CustomPlan plan, String scenario) {
        return toJson(plan, scenario, null);
    }

    /** The plan as JSON, naming {@code seed} (when not null) as the seed to run it with. */
    public static ObjectNode toJson(CustomPlan plan, String scenario, Long seed) {
        return Json.object(PlanJson.write(plan, scenario, seed), "plan " + plan.source());
    }

    /** "PartitionOneWay" becomes "partition-one-way". */
    public static String kindName(Class<?> type) {
        return PlanKinds.kindName(type);
    }

    /**
     * Every fault kind a plan file for this scenario may name, in name order, as written. A
     * lasting kind comes with its end kind, {@code KIND}{@value End#SUFFIX}.
     */
    public static List<String> faultKindNames(Scenario scenario) {
        return PlanKinds.faultKindNames(scenario);
    }
}
