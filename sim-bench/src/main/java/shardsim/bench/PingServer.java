package shardsim.bench;

import shardsim.core.node.Envelope;
import shardsim.core.node.Node;
import shardsim.core.node.NodeContext;

/** Answers every ping at once; a server with no state, so the figure is the kernel's cost. */
final class PingServer implements Node {
    private final NodeContext ctx;
    private long served;

    PingServer(NodeContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void onMessage(Envelope env) {
        if (env.message() instanceof PingProtocol.Ping p) {
            served++;
            ctx.reply(env, new PingProtocol.Pong(p.n()));
        } else if (env.message() instanceof PingProtocol.Pong) {
            throw new IllegalStateException("server got a pong: " + env.describe());
        } else {
            throw new IllegalStateException("unknown message " + env.describe());
        }
    }

    long served() {
        return served;
    }
}
