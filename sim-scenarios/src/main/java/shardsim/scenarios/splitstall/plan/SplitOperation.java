package shardsim.scenarios.splitstall.plan;

import shardsim.core.kind.Quantity;
import shardsim.core.kind.Unit;
import shardsim.core.workload.Operation;
import shardsim.scenarios.splitstall.model.SplitCluster;

/**
 * The scenario's workload steps: client writes and the split checker's picks. Each says what to
 * attempt; {@link SplitCluster#perform} decides when it runs whether it can happen (a region this world
 * does not hold, a store that is down or unknown, a region with no leader) and otherwise notes why
 * it was skipped, so any subset of a workload is itself a valid workload.
 */
public sealed interface SplitOperation extends Operation {
    /** A client write of {@code bytes} to the region, proposed by whichever store leads it when the write runs. */
    record Write(long regionId, @Quantity(Unit.BYTES) long bytes) implements SplitOperation {
        public Write {
            if (bytes <= 0) {
                throw new IllegalArgumentException("a write must have a positive size: " + bytes);
            }
        }
    }

    /**
     * The split checker on {@code store} picks the region whatever its size (the log's
     * "split region 150:48 by checker"); only a leading peer goes on to propose PRE_SPLIT.
     */
    record SplitCheck(long regionId, String store) implements SplitOperation {
        public SplitCheck {
            if (store == null) {
                throw new IllegalArgumentException("a split check needs a store");
            }
        }
    }
}
