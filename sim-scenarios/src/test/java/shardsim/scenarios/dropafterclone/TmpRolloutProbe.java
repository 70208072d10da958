package shardsim.scenarios.dropafterclone;

import java.util.List;
import org.junit.jupiter.api.Test;
import shardsim.core.rollout.Order;
import shardsim.core.rollout.Outcome;
import shardsim.core.rollout.Rollout;
import shardsim.core.scenario.Plans;
import shardsim.core.scenario.RunSpec;

class TmpRolloutProbe {
    static final DropAfterCloneScenario SC = new DropAfterCloneScenario();

    static Rollout rollout(String order, long seed) {
        List<Order> orders = Order.of(SC.worldRoles(new RunSpec(SC.name(), "buggy", Plans.RANDOM, seed)));
        return Rollout.of(SC, Plans.RANDOM, "buggy", "fixed", Order.named(orders, order), seed);
    }

    @Test
    void probe() throws Exception {
        StringBuilder b = new StringBuilder();
        for (String order : List.of("all-at-once", "be-first", "fe-first", "node-by-node", "rollback")) {
            long failing = -1;
            long introduced = -1;
            for (long s = 0; s < 3000 && (failing < 0 || (introduced < 0 && !order.equals("rollback"))); s++) {
                Outcome o = Outcome.run(SC, rollout(order, s));
                if (failing < 0 && o.failsInRollout()) {
                    failing = s;
                    b.append(order).append(" fails-from-first-step ").append(s).append(' ').append(o.first().invariant()).append(' ').append(o.window()).append('\n');
                }
                if (introduced < 0 && o.introduced()) {
                    introduced = s;
                    b.append(order).append(" introduced ").append(s).append(' ').append(o.first().invariant()).append(' ').append(o.window()).append('\n');
                }
            }
            java.nio.file.Files.writeString(java.nio.file.Path.of("/tmp/dacm/rollout-probe.txt"), b.toString());
        }
        for (String order : List.of("all-at-once", "be-first", "node-by-node")) {
            int fails = 0;
            int reached = 0;
            StringBuilder seeds = new StringBuilder();
            for (long s = 0; s < 200; s++) {
                Outcome o = Outcome.run(SC, DropAfterCloneRolloutTest.withBalancePaused(rollout(order, s)));
                if (o.failsInRollout()) {
                    fails++;
                    seeds.append(s).append(' ');
                }
                reached += o.reachedSafely() ? 1 : 0;
            }
            b.append("paused ").append(order).append(" fails ").append(fails).append(" of 200 reached ").append(reached).append(" seeds ").append(seeds).append('\n');
            java.nio.file.Files.writeString(java.nio.file.Path.of("/tmp/dacm/rollout-probe.txt"), b.toString());
        }
        for (String spec : List.of("fe-first 19", "rollback 1")) {
            String[] p = spec.split(" ");
            Outcome o = Outcome.run(SC, DropAfterCloneRolloutTest.withBalancePaused(rollout(p[0], Long.parseLong(p[1]))));
            b.append("paused ").append(spec).append(' ').append(o.first()).append(' ').append(o.window()).append('\n');
        }
        java.nio.file.Files.writeString(java.nio.file.Path.of("/tmp/dacm/rollout-probe.txt"), b.toString());
    }
}
