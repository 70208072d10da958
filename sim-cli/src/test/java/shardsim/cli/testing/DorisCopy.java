package shardsim.cli.testing;

import shardsim.scenarios.dropafterclone.DropAfterCloneScenario;

/** drop-after-clone as the external scenario {@code doris-copy}. */
public final class DorisCopy extends Renamed {
    public DorisCopy() {
        super("doris-copy", new DropAfterCloneScenario(), 0);
    }
}
