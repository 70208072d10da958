package shardsim.scenarios.versionskew;

import java.util.List;
import shardsim.core.scenario.Plans;

/**
 * Which parts of the upstream fix are on. {@code buggy} has none, {@code fixed} all three, and
 * each ablation mode switches exactly one off.
 *
 * @param nodeDecidesVersion meta sends its current version and stores what the node returns (else meta sends v+1 and stores its own v+1)
 * @param engineBeforeBump the node runs the engine operation before it moves the version (else it bumps and registers first)
 * @param heartbeatRepair meta adopts a leader's higher version from a heartbeat
 */
public record FixParts(boolean nodeDecidesVersion, boolean engineBeforeBump, boolean heartbeatRepair) {
    public static final String NO_NODE_VERSION = "fixed-meta-decides-version";
    public static final String BUMP_BEFORE_ENGINE = "fixed-bump-before-engine";
    public static final String NO_HEARTBEAT_REPAIR = "fixed-no-heartbeat-repair";
    public static final List<String> MODES = List.of(Plans.BUGGY, Plans.FIXED, NO_NODE_VERSION, BUMP_BEFORE_ENGINE, NO_HEARTBEAT_REPAIR);

    public static FixParts forMode(String mode) {
        Plans.require("mode", mode, MODES);
        switch (mode) {
            case Plans.BUGGY:
                return new FixParts(false, false, false);
            case Plans.FIXED:
                return new FixParts(true, true, true);
            case NO_NODE_VERSION:
                return new FixParts(false, true, true);
            case BUMP_BEFORE_ENGINE:
                return new FixParts(true, false, true);
            case NO_HEARTBEAT_REPAIR:
                return new FixParts(true, true, false);
            default:
                throw new IllegalStateException("unknown mode " + mode);
        }
    }
}
