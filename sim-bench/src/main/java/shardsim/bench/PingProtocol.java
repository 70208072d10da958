package shardsim.bench;

import shardsim.core.node.Message;

/** The throughput model's messages. */
sealed interface PingProtocol extends Message {
    record Ping(long n) implements PingProtocol {}

    record Pong(long n) implements PingProtocol {}
}
