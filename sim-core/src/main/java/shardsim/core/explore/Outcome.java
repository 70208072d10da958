package shardsim.core.explore;

import shardsim.core.scenario.RunResult;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;

/**
 * What one candidate's run gave: its result, or the exception the model threw (a model that
 * throws on some plan has a bug too, and the plan reproduces it).
 *
 * @param spec what ran
 * @param result the result, or null when the run threw
 * @param error the exception's class and message in one line, or null
 */
public record Outcome(RunSpec spec, RunResult result, String error) {
    public Outcome {
        if (spec == null || (result == null) == (error == null)) {
            throw new IllegalArgumentException("an outcome has a spec and exactly one of a result and an error");
        }
    }

    /** Runs {@code spec}; an exception of the model (or a stack overflow) becomes the outcome's error. */
    public static Outcome of(Scenario scenario, RunSpec spec) {
        try {
            return new Outcome(spec, scenario.run(spec), null);
        } catch (RuntimeException | StackOverflowError e) {
            String message = e.getMessage() == null
                    ? ""
                    : ": " + e.getMessage().replace('\n', ' ').replace('\r', ' ');
            return new Outcome(spec, null, e.getClass().getName() + message);
        }
    }

    public boolean threw() {
        return error != null;
    }
}
