package shardsim.core.explore;

import java.util.ArrayList;
import java.util.List;
import shardsim.core.fault.FaultPlan;
import shardsim.core.fault.TimedFault;
import shardsim.core.net.LinkPolicy;
import shardsim.core.scenario.CustomPlan;
import shardsim.core.shrink.PlanElement;
import shardsim.core.shrink.PlanElements;
import shardsim.core.workload.TimedOperation;
import shardsim.core.workload.Workload;

/**
 * A plan being mutated: its fault units (a lasting fault with its end, a crash with its restart,
 * else one fault, as a shrinker cuts them), its operations, its link and the seed whose world it
 * runs in. Units and operations keep their list order, which breaks ties between equal times.
 */
final class Draft {
    final String base;
    final List<List<TimedFault>> units = new ArrayList<>();
    final List<TimedOperation> operations = new ArrayList<>();
    LinkPolicy link;
    long seed;

    Draft(CustomPlan plan, long seed) {
        this.base = plan.base();
        this.link = plan.link();
        this.seed = seed;
        for (PlanElement e : PlanElements.faults(plan.faults())) {
            units.add(new ArrayList<>(((PlanElement.Faults) e).faults()));
        }
        if (plan.hasWorkload()) {
            operations.addAll(plan.workload().operations());
        }
    }

    int faultCount() {
        int n = 0;
        for (List<TimedFault> u : units) {
            n += u.size();
        }
        return n;
    }

    CustomPlan plan(String source) {
        List<TimedFault> faults = new ArrayList<>();
        for (List<TimedFault> u : units) {
            faults.addAll(u);
        }
        return new CustomPlan(source, base, link, new FaultPlan(faults), new Workload(operations));
    }
}
