package shardsim.scenarios.versionskew.plan;

import java.util.ArrayList;
import java.util.List;
import shardsim.scenarios.versionskew.model.ShardView;

/**
 * The cluster at the start of a run: the data nodes and meta's view of every shard.
 *
 * @param dataNodes data node names, in the order added
 * @param shards the initial shard views, by ascending shard id
 */
public record Layout(List<String> dataNodes, List<ShardView> shards) {
    public Layout {
        dataNodes = List.copyOf(dataNodes);
        shards = List.copyOf(shards);
    }

    public List<Integer> shardIds() {
        List<Integer> ids = new ArrayList<>();
        for (ShardView v : shards) {
            ids.add(v.shardId());
        }
        return ids;
    }

    /** The views of the shards a node leads at the start. */
    public List<ShardView> ledBy(String node) {
        List<ShardView> out = new ArrayList<>();
        for (ShardView v : shards) {
            if (v.leader().equals(node)) {
                out.add(v);
            }
        }
        return out;
    }
}
