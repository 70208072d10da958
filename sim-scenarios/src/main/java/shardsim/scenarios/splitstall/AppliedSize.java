package shardsim.scenarios.splitstall;

import java.util.List;

/**
 * U7's own count of each region's size on each store, kept from outside the split driver: the
 * region's bootstrap size, plus the bytes of every write up to the entry the store has applied, halved
 * at each finish-split entry of the epoch then current (as {@code applyFinishSplit} halves it; the
 * leader proposes one only with the split files done, so the first of an epoch always applies). The
 * log up to the applied index is committed and never changes, and a restart reloads the same log, so
 * each entry is read once per store.
 */
final class AppliedSize {
    private final long[][] scanned;
    private final long[][] bytes;
    private final long[][] epoch;
    private final List<Long> regionIds;

    AppliedSize(List<String> stores, List<RegionSpec> regions) {
        int n = regions.size();
        scanned = new long[stores.size()][n];
        bytes = new long[stores.size()][n];
        epoch = new long[stores.size()][n];
        regionIds = regions.stream().map(RegionSpec::regionId).toList();
        for (int s = 0; s < stores.size(); s++) {
            for (int r = 0; r < n; r++) {
                bytes[s][r] = regions.get(r).sizeBytes();
                epoch[s][r] = regions.get(r).shardVer();
            }
        }
    }

    /** Reads the entries store {@code s} has applied since the last call. */
    void follow(int s, Store store) {
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
                }
            }
        }
    }

    /** The size of region number {@code r} on store {@code s}, as of the entries read so far. */
    long bytes(int s, int r) {
        return bytes[s][r];
    }
}
