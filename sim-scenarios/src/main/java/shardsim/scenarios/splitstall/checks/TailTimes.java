package shardsim.scenarios.splitstall.checks;

import shardsim.scenarios.splitstall.plan.StoreConfig;

/**
 * The margins of the progress checks U6 and U7, derived from the stores' Raft timers
 * ({@link StoreConfig}): how long after the last fault the regions are given to settle (elect a
 * leader again and let restarted stores catch up) before anything is judged, and how long an entry
 * has to commit and be applied everywhere. The model's timers stand in for unistore's
 * ({@code tikv/raftstore/config.go} at b4ca36b: a raft tick, heartbeat and election ticks); the
 * checks claim nothing tighter than a few of them.
 *
 * @param settleMicros three longest election timeouts: enough for a failed pre-vote or a split vote
 *     to be retried after a partition heals or a store restarts
 * @param windowMicros two longest election timeouts and ten heartbeats: an entry held by a leader
 *     at the start of the window has had this long to commit and reach every store's applier, through
 *     message loss, a possible loss-induced election and a restarted store's catch-up (64 entries an append)
 */
public record TailTimes(long settleMicros, long windowMicros) {
    public static TailTimes of(StoreConfig cfg) {
        return new TailTimes(3 * cfg.electionMaxMicros(), 2 * cfg.electionMaxMicros() + 10 * cfg.heartbeatMicros());
    }
}
