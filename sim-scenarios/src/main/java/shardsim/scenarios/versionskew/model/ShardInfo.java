package shardsim.scenarios.versionskew.model;

/**
 * A shard's identity, role and version as carried by the meta event service.
 * {@link #toString()} prints the form HoraeDB's logs use, so the mismatch error reads the same.
 */
public record ShardInfo(int id, ShardRole role, long version) {
    @Override
    public String toString() {
        return "ShardInfo { id: " + id + ", role: " + role + ", version: " + version + " }";
    }
}
