package shardsim.scenarios.versionskew.checks;

/**
 * The upstream commits the version-skew model follows, cited by the claims (what a mode's fix
 * claims, and where upstream does it) and by the fidelity table, so both name the same commits.
 */
public final class UpstreamCommits {
    public static final String HORAEDB_FIX = "horaedb 642934ae (#1286)";
    public static final String HORAEDB_BEFORE = "horaedb 642934ae^";
    public static final String META_FIX = "incubator-horaedb-meta 81b8d68 (#268, #270 on #264)";
    public static final String META_BEFORE = "incubator-horaedb-meta 7afb295^";
    public static final String PROTO_FIX = "incubator-horaedb-proto ca110f5 (#107)";
    public static final String META_IDEMPOTENT = "incubator-horaedb-meta d880dd2 (#286)";

    private UpstreamCommits() {}
}
