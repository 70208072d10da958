package shardsim.cli.testing;

import shardsim.scenarios.dropafterclone.DropAfterCloneScenario;

/** An external scenario that takes a built-in's name: the registry refuses it. */
public final class TakenName extends Renamed {
    public TakenName() {
        super("drop-after-clone", new DropAfterCloneScenario(), 0);
    }
}
