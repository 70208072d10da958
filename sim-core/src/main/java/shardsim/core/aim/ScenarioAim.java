package shardsim.core.aim;

import shardsim.core.fault.Fault;
import shardsim.core.random.SimRandom;

/**
 * One of a scenario's own fault kinds that fits windows of one kind: given an open window, it
 * makes the fault to aim at it (for split-stall's PRE_SPLIT window, a leader transfer of the region
 * to the store in the window). A {@link shardsim.core.fault.LastingFault} is ended after a drawn
 * duration, as kernel faults are.
 */
public interface ScenarioAim {
    /** The kind of window this fault fits. */
    String windowKind();

    /** The fault to aim into {@code window}, or null if none fits it now. Draw only from {@code random}. */
    Fault aim(Window window, SimRandom random);

    /** A fault maker for windows of {@code windowKind}. */
    static ScenarioAim of(String windowKind, java.util.function.BiFunction<Window, SimRandom, Fault> maker) {
        return new ScenarioAim() {
            @Override
            public String windowKind() {
                return windowKind;
            }

            @Override
            public Fault aim(Window window, SimRandom random) {
                return maker.apply(window, random);
            }
        };
    }
}
