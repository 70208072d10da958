package shardsim.cli.testing;

import shardsim.core.node.Message;

/** The ping scenario's messages. */
public sealed interface PingProtocol extends Message {
    record Ping(int n) implements PingProtocol {}

    record Pong(int n) implements PingProtocol {}
}
