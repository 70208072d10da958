package shardsim.cli.explain;

import java.nio.file.Path;
import shardsim.cli.base.UserError;
import shardsim.cli.io.PlanFile;
import shardsim.cli.io.TraceFile;
import shardsim.cli.options.PlanChoice;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;

/**
 * {@code --from-trace}: the run a trace file records (its header names the mode, plan, seed, and
 * for a plan file the plan itself), to explain it without retyping it. The digest is kept so the
 * caller can check that this sim replays the same run.
 *
 * @param spec the recorded run
 * @param digest the digest the trace's header records
 * @param events the events the trace records, so the caller can check them one by one, as {@code sim replay} does
 */
public record TraceInput(RunSpec spec, String digest, java.util.List<shardsim.core.trace.TraceEvent> events) {

    public static TraceInput read(Path file, Scenario scenario) {
        TraceFile recorded = TraceFile.read(file);
        RunSpec spec = recorded.header().spec();
        if (!spec.scenario().equals(scenario.name())) {
            throw new UserError("trace " + file + " is for scenario '" + spec.scenario() + "', not " + scenario.name());
        }
        if (recorded.header().customPlan() != null) {
            spec = RunSpec.custom(
                    spec.scenario(),
                    spec.mode(),
                    PlanFile.fromJson(recorded.header().customPlan(), spec.plan(), scenario),
                    spec.seed());
            PlanChoice.checkWorld(scenario, spec);
        }
        if (!scenario.modes().contains(spec.mode())
                || (!spec.isCustom() && !scenario.plans().contains(spec.plan()))) {
            throw new UserError("trace " + file + " is for mode '" + spec.mode() + "' plan '" + spec.plan()
                    + "', which " + scenario.name() + " does not have");
        }
        return new TraceInput(spec, recorded.header().digest(), recorded.events());
    }
}
