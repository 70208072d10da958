package shardsim.scenarios.versionskew;

import java.util.List;
import shardsim.core.run.Mode;
import shardsim.core.scenario.Plans;

/**
 * Which parts of the upstream fix are on, one row per mode. {@code buggy} has none, {@code fixed}
 * all three, and each ablation mode switches exactly one off.
 *
 * @param name the mode this row is
 * @param nodeDecidesVersion meta sends its current version and stores what the node returns (else meta sends v+1 and stores its own v+1)
 * @param engineBeforeBump the node runs the engine operation before it moves the version (else it bumps and registers first)
 * @param heartbeatRepair meta adopts a leader's higher version from a heartbeat
 */
public record FixParts(String name, boolean nodeDecidesVersion, boolean engineBeforeBump, boolean heartbeatRepair) implements Mode {
    public static final String NO_NODE_VERSION = "fixed-meta-decides-version";
    public static final String BUMP_BEFORE_ENGINE = "fixed-bump-before-engine";
    public static final String NO_HEARTBEAT_REPAIR = "fixed-no-heartbeat-repair";

    /** buggy, fixed, then one ablation per part of the fix: the table of modes. */
    public static final List<FixParts> TABLE = List.of(
            new FixParts(Plans.BUGGY, false, false, false),
            new FixParts(Plans.FIXED, true, true, true),
            new FixParts(NO_NODE_VERSION, false, true, true),
            new FixParts(BUMP_BEFORE_ENGINE, true, false, true),
            new FixParts(NO_HEARTBEAT_REPAIR, true, true, false));
}
