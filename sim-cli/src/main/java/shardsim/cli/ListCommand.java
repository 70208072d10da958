package shardsim.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import shardsim.cli.base.ExitCodes;
import shardsim.cli.io.Json;
import shardsim.cli.io.PlanFile;
import shardsim.cli.options.JsonOption;
import shardsim.core.check.ModeClaims;
import shardsim.core.check.Rule;
import shardsim.core.check.Stance;
import shardsim.core.scenario.Scenario;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code sim list}: every scenario with its modes, plans, fault kinds, roles, invariants and what goes wrong. */
@Command(
        name = "list",
        description =
                "List the scenarios with their modes, plans, fault kinds, roles and invariants, and what each mode claims of each invariant "
                        + "(claims, claims it is expected to break, known gaps with their reasons).")
public final class ListCommand implements Callable<Integer> {
    private final CliContext ctx;

    @Mixin
    JsonOption json;

    /** The plan whose seed-0 world the roles are shown for (the world may differ from seed to seed). */
    private static final String WORLD_PLAN = shardsim.core.scenario.Plans.RANDOM;

    /** The roles of the scenario's world for {@link #WORLD_PLAN} (else its first plan) at seed 0; empty if it does not say. */
    private static Map<String, List<String>> roles(Scenario s) {
        String plan = s.plans().contains(WORLD_PLAN) ? WORLD_PLAN : s.plans().get(0);
        return s.worldRoles(
                new shardsim.core.scenario.RunSpec(s.name(), s.modes().get(0), plan, 0));
    }

    public ListCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        if (json.on()) {
            ArrayNode all = Json.MAPPER.createArrayNode();
            for (Scenario s : ctx.scenarios()) {
                ObjectNode o = all.addObject();
                o.put("name", s.name());
                o.put("description", s.description());
                s.modes().forEach(o.putArray("modes")::add);
                s.plans().forEach(o.putArray("plans")::add);
                var invariants = o.putArray("invariants");
                for (Rule inv : s.invariants()) {
                    invariants.addObject().put("name", inv.name()).put("meaning", inv.meaning());
                }
                ArrayNode byMode = o.putArray("modeClaims");
                for (ModeClaims row : s.claims().rows()) {
                    byMode.add(Json.claims(row));
                }
                PlanFile.faultKindNames(s).forEach(o.putArray("faultKinds")::add);
                s.windowKinds().forEach(o.putArray("windows")::add);
                ObjectNode roles = o.putObject("roles");
                roles(s).forEach((role, nodes) -> nodes.forEach(roles.putArray(role)::add));
            }
            ctx.out().println(Json.line(all));
            return ExitCodes.OK;
        }
        if (ctx.scenarios().isEmpty()) {
            ctx.err().println("sim list: no scenarios are registered");
        }
        for (Scenario s : ctx.scenarios()) {
            ctx.out().println(s.name() + ": " + s.description());
            ctx.out()
                    .println("  modes: " + String.join(", ", s.modes()) + " (default "
                            + s.modes().get(0) + ")");
            ctx.out().println("  plans: " + String.join(", ", s.plans()));
            ctx.out().println("  fault kinds (plan files): " + String.join(", ", PlanFile.faultKindNames(s)));
            if (!s.windowKinds().isEmpty()) {
                ctx.out()
                        .println("  windows (plan targeted aims faults inside them): "
                                + String.join(", ", s.windowKinds()));
            }
            Map<String, List<String>> roles = roles(s);
            if (!roles.isEmpty()) {
                List<String> parts = new ArrayList<>();
                roles.forEach((role, nodes) -> parts.add(role + " (" + String.join(", ", nodes) + ")"));
                ctx.out()
                        .println("  roles (--node-mode NAME=MODE, sim upgrades; world of " + WORLD_PLAN + " seed 0): "
                                + String.join("; ", parts));
            }
            for (Rule inv : s.invariants()) {
                ctx.out().println("  invariant " + inv);
            }
            ctx.out()
                    .println(
                            "  what each mode claims (a broken claim fails, exit 1; a known gap is a finding, exit 0 unless --fail-on-gaps):");
            for (ModeClaims row : s.claims().rows()) {
                ctx.out().println("    " + row.mode() + ": claims " + String.join(", ", row.claims()));
                for (Stance st : row.ofKind(Stance.Kind.EXPECTED_BREAK)) {
                    ctx.out().println("      expected to break " + st.invariant() + ": " + st.reason());
                }
                for (Stance st : row.ofKind(Stance.Kind.GAP)) {
                    ctx.out().println("      gap " + st.invariant() + " (not claimed): " + st.reason());
                }
            }
        }
        return ExitCodes.OK;
    }
}
