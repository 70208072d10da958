package shardsim.scenarios.splitstall.checks;

import java.util.List;
import shardsim.scenarios.splitstall.model.ChangeSet;
import shardsim.scenarios.splitstall.model.Command;
import shardsim.scenarios.splitstall.model.RegionPeer;
import shardsim.scenarios.splitstall.model.Store;
import shardsim.scenarios.splitstall.plan.RegionSpec;

/**
 * U7's and U8's own count of each region's size on each store, kept from outside the split driver: the
 * region's bootstrap size, plus the bytes of every write up to the entry the store has applied, halved
 * at each finish-split entry of the epoch then current (as {@code applyFinishSplit} halves it; the
 * leader proposes one only with the split files done, so the first of an epoch always applies). The
 * log up to the applied index is committed and never changes, and a restart reloads the same log, so
 * each entry is read once per store.
 *
 * <p>It also sees where each split starts: the first pre-split change set of the epoch then current
 * is the one the applier acts on ({@code handleChangeSet} ignores a pre-split of another epoch or one
 * that finds the stage past INITIAL, and the stage comes back to INITIAL only with the next epoch).
 * The size it reports there is that of every entry before it in the log, the same on every store.
 */
final class AppliedSize {
    private final long[][] scanned;
    private final long[][] bytes;
    private final long[][] epoch;
    /** Whether the current epoch's pre-split has been read, per store and region. */
    private final boolean[][] started;

    private final List<Long> regionIds;

    AppliedSize(List<String> stores, List<RegionSpec> regions) {
        int n = regions.size();
        scanned = new long[stores.size()][n];
        bytes = new long[stores.size()][n];
        epoch = new long[stores.size()][n];
        started = new boolean[stores.size()][n];
        regionIds = regions.stream().map(RegionSpec::regionId).toList();
        for (int s = 0; s < stores.size(); s++) {
            for (int r = 0; r < n; r++) {
                bytes[s][r] = regions.get(r).sizeBytes();
                epoch[s][r] = regions.get(r).shardVer();
            }
        }
    }

    /** Where a split starts: the entry at {@code index} is the pre-split of epoch {@code shardVer}, applied with the region at {@code bytes}. */
    interface SplitStart {
        void at(int s, int r, long shardVer, long index, long bytes);
    }

    /** Reads the entries store {@code s} has applied since the last call. */
    void follow(int s, Store store) {
        follow(s, store, null);
    }

    /** Reads the entries store {@code s} has applied since the last call, telling {@code starts} (if not null) of each split that starts. */
    void follow(int s, Store store, SplitStart starts) {
        for (int r = 0; r < regionIds.size(); r++) {
            RegionPeer p = store.peer(regionIds.get(r));
            long applied = p.split().applied();
            while (scanned[s][r] < applied) {
                scanned[s][r]++;
                Command c = p.raft().entry(scanned[s][r]).command();
                if (c instanceof Command.Write w) {
                    bytes[s][r] += w.bytes();
                } else if (c instanceof Command.FinishSplit f && f.shardVer() == epoch[s][r]) {
                    bytes[s][r] /= 2;
                    epoch[s][r]++;
                    started[s][r] = false;
                } else if (c instanceof Command.Change ch
                        && ch.changeSet().kind() == ChangeSet.Kind.PRE_SPLIT
                        && ch.changeSet().shardVer() == epoch[s][r]
                        && !started[s][r]) {
                    started[s][r] = true;
                    if (starts != null) {
                        starts.at(s, r, epoch[s][r], scanned[s][r], bytes[s][r]);
                    }
                }
            }
        }
    }

    /** The size of region number {@code r} on store {@code s}, as of the entries read so far. */
    long bytes(int s, int r) {
        return bytes[s][r];
    }
}
