package shardsim.cli.properties;

import java.util.List;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;
import shardsim.core.scenario.CustomPlan;

/**
 * Turns a property that must fail into a passing test, after checking how it failed: jqwik
 * found a failing case and shrank it to a plan of at most {@link #MAX_FAULTS} faults and
 * {@link #MAX_OPERATIONS} operations, and its message names the {@code sim run} command. A
 * property that passes, or fails only with a large plan, fails the build.
 */
public final class ExpectFailure implements AroundPropertyHook {
    public static final int MAX_FAULTS = 6;
    public static final int MAX_OPERATIONS = 6;

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        PropertyExecutionResult r = property.execute();
        if (r.status() != PropertyExecutionResult.Status.FAILED) {
            return r.mapToFailed(
                    "expected " + context.label() + " to fail (the buggy mode must be found), but it " + r.status());
        }
        List<Object> sample = r.falsifiedParameters().orElse(List.of());
        CustomPlan plan = null;
        for (Object o : sample) {
            if (o instanceof CustomPlan p) {
                plan = p;
            }
        }
        if (plan == null) {
            return r.mapToFailed("the shrunk sample has no plan: " + sample);
        }
        String message = r.throwable().map(Throwable::getMessage).orElse("");
        if (!message.contains("replay: ./sim run ")) {
            return r.mapToFailed("the failure does not name the command that replays it: " + message);
        }
        if (plan.faults().size() > MAX_FAULTS || plan.operationCount() > MAX_OPERATIONS) {
            return r.mapToFailed("shrunk to " + plan.faults().size() + " faults and " + plan.operationCount()
                    + " operations, more than " + MAX_FAULTS + " and " + MAX_OPERATIONS + ": " + plan);
        }
        // Shown in the build log: the shrunk case, as a person would see it had the property been real.
        System.out.println(
                context.label() + " failed as expected; jqwik shrank it to seed " + sample.get(0) + " and " + message);
        return r.mapToSuccessful();
    }
}
