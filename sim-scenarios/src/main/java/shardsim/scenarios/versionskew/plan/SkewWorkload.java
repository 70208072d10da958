package shardsim.scenarios.versionskew.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import shardsim.core.random.SimRandom;
import shardsim.core.run.Draw;
import shardsim.core.workload.Workload;

/**
 * Draws the client's CREATE / DROP TABLE stream of a generated plan, as a list. The generator
 * cannot know which creates will succeed, so it drops only tables it has issued a create for
 * (and not dropped since); at run time the client skips a drop of a table it was never told was
 * created.
 */
public final class SkewWorkload {
    /** The first request goes out here, after the nodes' start. */
    static final long FIRST_MICROS = 500_000;
    /** A bound on one run's requests, whatever the drawn gap. */
    static final int MAX_OPERATIONS = 20_000;

    private SkewWorkload() {}

    /**
     * Draws the requests from the run's "workload" fork ({@code swarm} draws the gap and the drop
     * probability too) and records the figures drawn as run parameters.
     *
     * @param shardIds the world's shards
     * @param lastMicros no request after this
     */
    public static Workload generate(Draw draw, List<Integer> shardIds, long lastMicros) {
        SimRandom r = draw.fork("workload");
        boolean swarm = draw.swarm();
        long meanGapMicros = swarm ? r.between(50_000, 1_500_000) : 300_000;
        double dropProbability = swarm ? r.nextDouble() * 0.6 : 0.35;
        // Per shard, the tables created and not yet dropped, in the order they were issued.
        TreeMap<Integer, List<String>> issued = new TreeMap<>();
        long nextTable = 1;
        Workload.Builder b = Workload.builder();
        for (long at = FIRST_MICROS;
                at <= lastMicros && b.size() < MAX_OPERATIONS;
                at += 1 + r.exponentialMicros(meanGapMicros, 10 * meanGapMicros)) {
            int shard = r.pick(shardIds);
            List<String> live = issued.computeIfAbsent(shard, k -> new ArrayList<>());
            if (!live.isEmpty() && r.chance(dropProbability)) {
                String table = r.pick(live);
                live.remove(table);
                b.at(at, new SkewOperation.DropTable(shard, table));
            } else {
                String table = "TABLE_" + shard + "_" + nextTable++;
                live.add(table);
                b.at(at, new SkewOperation.CreateTable(shard, table));
            }
        }
        Workload workload = b.build();
        draw.param("workload.meanGapMicros", meanGapMicros);
        draw.param("workload.dropProbability", dropProbability);
        draw.param("workload.operations", workload.size());
        return workload;
    }
}
