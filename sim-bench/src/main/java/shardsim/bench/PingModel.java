package shardsim.bench;

import shardsim.core.net.Delay;
import shardsim.core.net.LinkPolicy;
import shardsim.core.sim.SimConfig;
import shardsim.core.sim.Simulation;
import shardsim.core.trace.Trace;

/**
 * The throughput model: {@code clients} clients each keep {@code window} calls open to one server
 * over links that lose 1%, duplicate 1% and delay by 100 us plus an exponential tail (mean 500 us,
 * capped at 10 ms), so messages reorder, replies come late and calls time out.
 *
 * @param clients number of client nodes
 * @param window calls each client keeps outstanding
 * @param timeoutMicros call timeout
 * @param runMicros virtual time one run lasts
 */
record PingModel(int clients, int window, long timeoutMicros, long runMicros) {
    static final String SERVER = "server";
    static final LinkPolicy LINK = new LinkPolicy(0.01, 0.01, new Delay.Exponential(100, 500, 10_000), 10_000);

    static PingModel standard() {
        return new PingModel(16, 4, 20_000, 250_000);
    }

    Simulation build(long seed) {
        // The trace keeps only its digest, as in seed sweeps: the digest is still computed.
        Simulation sim = new Simulation(seed, SimConfig.defaults().withDefaultLink(LINK), Trace.digestOnly());
        sim.nodes().add(SERVER, PingServer::new);
        for (int i = 1; i <= clients; i++) {
            sim.nodes().add("client-" + i, ctx -> new PingClient(ctx, SERVER, window, timeoutMicros));
        }
        return sim;
    }

    /** Runs one model to its end; fails loudly if the run stopped early for any reason. */
    Simulation run(long seed) {
        Simulation sim = build(seed);
        sim.runUntil(runMicros);
        if (sim.stopped() || !sim.checks().ok()) {
            throw new IllegalStateException(
                    "ping model stopped early: " + sim.checks().violations());
        }
        return sim;
    }
}
