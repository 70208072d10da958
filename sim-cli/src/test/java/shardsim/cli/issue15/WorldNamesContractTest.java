package shardsim.cli.issue15;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.fault.Fault;
import shardsim.core.fault.NetFault;
import shardsim.core.fault.NodeFault;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.scenario.PlanValidation;
import shardsim.core.scenario.RunSpec;
import shardsim.core.scenario.Scenario;
import shardsim.core.scenario.WorldNames;
import shardsim.scenarios.Scenarios;

/**
 * The contract every scenario's {@link Scenario#worldNames} keeps, so that the name check follows
 * the models wherever they change: every plan a scenario gives back as data passes the check in
 * its own world, and every string component of every kind a plan file may name is either a name
 * the world declares or declared free text.
 */
class WorldNamesContractTest {
    /** The kernel's kinds; an end has its start's components, so the starts cover the ends. */
    private static final List<Class<? extends Fault>> KERNEL = List.of(
            NetFault.Partition.class,
            NetFault.PartitionOneWay.class,
            NetFault.Clog.class,
            NodeFault.Crash.class,
            NodeFault.Restart.class,
            NodeFault.ClockSkew.class);

    @Test
    void everyBuiltInPlanPassesTheCheckInItsOwnWorld() {
        for (Scenario s : Scenarios.all()) {
            for (String plan : s.plans()) {
                for (long seed = 0; seed < 6; seed++) {
                    CustomPlan p = s.planOf(new RunSpec(s.name(), s.modes().get(0), plan, seed));
                    RunSpec custom = RunSpec.custom(s.name(), s.modes().get(0), p, seed);
                    try {
                        PlanValidation.check(p, s.worldNames(custom));
                    } catch (IllegalArgumentException e) {
                        fail(s.name() + " " + plan + " seed " + seed + ": its own plan fails the check: "
                                + e.getMessage());
                    }
                }
            }
        }
    }

    @Test
    void everyStringComponentIsANameOrDeclaredFreeText() {
        for (Scenario s : Scenarios.all()) {
            WorldNames names = s.worldNames(new RunSpec(s.name(), s.modes().get(0), "documented", 0));
            assertTrue(names.checked(), s.name() + " declares its world's names");
            List<Class<?>> kinds = new ArrayList<>(KERNEL);
            kinds.addAll(s.faultKinds());
            kinds.addAll(s.operationKinds());
            for (Class<?> k : kinds) {
                for (RecordComponent c : k.getRecordComponents()) {
                    String kind = Fault.kindOf(k);
                    boolean named = names.valid(kind, c.getName()).isPresent() || names.isFree(kind, c.getName());
                    if (c.getType() == String.class && !named) {
                        fail(s.name() + ": " + kind + "." + c.getName() + " is neither a declared name nor free text");
                    }
                    if ((c.getType() == long.class || c.getType() == int.class)
                            && c.getName().endsWith("Id")
                            && names.valid(kind, c.getName()).isEmpty()) {
                        fail(s.name() + ": " + kind + "." + c.getName() + " is an id the world does not declare");
                    }
                }
            }
        }
    }
}
