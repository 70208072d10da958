package shardsim.cli.testing;

import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.node.NodeContext;

/** Answers every ping with a pong. */
final class PingServer implements Node {
    private final NodeContext ctx;

    PingServer(NodeContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void onMessage(Envelope env) {
        if (env.message() instanceof PingProtocol.Ping p) {
            ctx.send(env.from(), new PingProtocol.Pong(p.n()));
        } else if (env.message() instanceof PingProtocol.Pong) {
            throw new IllegalStateException("server got a pong");
        } else {
            throw new IllegalStateException("unknown message " + env.message());
        }
    }
}
