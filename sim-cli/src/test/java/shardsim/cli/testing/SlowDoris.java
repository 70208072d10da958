package shardsim.cli.testing;

import shardsim.scenarios.dropafterclone.DropAfterCloneScenario;

/** drop-after-clone as {@code slow-doris}, 20 ms slower a run: a test has time to signal a command at work. */
public final class SlowDoris extends Renamed {
    public SlowDoris() {
        super("slow-doris", new DropAfterCloneScenario(), 20);
    }
}
