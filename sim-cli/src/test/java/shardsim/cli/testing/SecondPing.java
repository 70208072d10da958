package shardsim.cli.testing;

/** A second external scenario named {@code ping}: the registry refuses the pair. */
public final class SecondPing extends Renamed {
    public SecondPing() {
        super(PingScenario.NAME, new PingScenario(), 0);
    }
}
