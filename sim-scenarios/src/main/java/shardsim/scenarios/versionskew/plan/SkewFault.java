package shardsim.scenarios.versionskew.plan;

import java.util.List;
import shardsim.core.fault.Fault;
import shardsim.core.fault.LastingFault;
import shardsim.core.kind.Quantity;
import shardsim.core.kind.Range;
import shardsim.core.kind.Unit;

/**
 * The scenario's own fault records. The lasting ones stay in force until their kernel
 * {@link shardsim.core.fault.End}, so the kernel's quiet time, and with it the C2/C3 windows, only
 * starts once every one has ended. A kind's ranges are the ones every generator of the scenario
 * draws it from (the seeded {@link SkewFaultPlan} and the jqwik {@link SkewArbitraries}).
 */
public sealed interface SkewFault extends Fault {
    /** The node applies its next request of kind {@code request} but its response is lost; its end disarms it whether or not it fired. */
    record DropResponse(String node, String request) implements SkewFault, LastingFault {
        /** The requests whose response a generated plan drops. */
        static final List<String> REQUESTS = List.of("CreateTableOnShard", "DropTableOnShard", "OpenShard");
        /** How long a generated drop stays armed. */
        static final Range LASTS_MICROS = new Range(500_000, 10_000_000);
    }

    /** A response was dropped (traced when a {@link DropResponse} fires). */
    record ResponseDropped(String node, String request) implements SkewFault {}

    /** The node's engine fails creates and drops with this probability. */
    record EngineFailure(
            String node, @Quantity(Unit.PROBABILITY) double probability) implements SkewFault, LastingFault {
        public EngineFailure {
            if (!(probability >= 0 && probability <= 1)) {
                throw new IllegalArgumentException("engine failure probability must be in [0, 1]: " + probability);
            }
        }

        /** How long a generated engine failure lasts. */
        static final Range LASTS_MICROS = new Range(1_000_000, 10_000_000);
    }

    /** Meta crashes after the next node reply that it would persist, before persisting it. */
    record MetaCrashBeforePersist(@Quantity(Unit.MICROS) long restartAfterMicros) implements SkewFault, LastingFault {
        /** How long after its crash a generated meta crash restarts meta. */
        static final Range RESTART_AFTER_MICROS = new Range(200_000, 1_500_000);
        /** How long a generated meta crash stays armed. */
        static final Range LASTS_MICROS = new Range(500_000, 10_000_000);
    }

    /** The node's heartbeats go out this much later than their period. */
    record HeartbeatDelay(
            String node, @Quantity(Unit.MICROS) long extraMicros) implements SkewFault, LastingFault {
        /** How much later a seeded plan's delayed heartbeats go out (the documented world's jqwik plans keep to less). */
        static final Range EXTRA_MICROS = new Range(1_000_000, 12_000_000);
        /** How long a seeded plan's heartbeat delay lasts. */
        static final Range LASTS_MICROS = new Range(1_000_000, 10_000_000);
    }

    /** Meta's scheduler moves a shard's leadership to another node. */
    record TransferLeader(int shardId, String to) implements SkewFault {}
}
