package shardsim.scenarios.versionskew.model;

/** A shard replica's role. Only leaders are modelled; the name is kept so traces read like HoraeDB's. */
public enum ShardRole {
    Leader,
    Follower
}
