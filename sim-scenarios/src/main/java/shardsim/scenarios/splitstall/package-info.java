/**
 * The {@code split-stall} scenario: unistore's region split, and how split recovery queued by a new
 * leader can block the store-wide region worker (DESIGN.md 4.3, issue 5).
 *
 * <p>Three stores each hold a peer of every region: a {@code RaftReplica} (terms, votes, a
 * replicated log of change sets and writes, a commit index and leader transfer) and a
 * {@code SplitDriver} (meta, engine, flushes, split and recovery) joined through {@code Replica}
 * and {@code RaftReplica.Listener}. Each store has an {@code applier} worker, one FIFO
 * {@code region-worker} of 128 slots that applies the flush and split-files change sets of every
 * region to the engine and runs {@code taskTypeRecoverSplit}, and a {@code split-checker} worker that
 * runs each split its leader starts, held until the split's files are cut; an applier that submits
 * to a full region worker blocks, as unistore's applier blocks on the channel. Persisted shard meta
 * and the engine's shard state are separate variables: the meta moves as an entry commits, the
 * applier runs writes, PRE_SPLIT and the split on the engine, the region worker the other change
 * sets later, so meta can be ahead.
 *
 * <p>Checks read the stores from outside: U1 to U8 judge workers, splits and progress; U9 to U11
 * ({@code RaftSafety}) judge the Raft replicas themselves (hard state and votes on disk, one leader
 * per term, the same entry at every committed index), after every event; U12
 * ({@code AvailabilityCheck}) judges Raft's availability while two stores of a region can talk.
 *
 * <p>A run is the world its base plan draws from the seed ({@code SplitWorld}: regions, store
 * settings, the generated plan's rates, end time), a link policy, a fault plan and a workload of
 * {@link shardsim.scenarios.splitstall.plan.SplitOperation}s (writes and split checks), all data, put
 * together by the run skeleton ({@link shardsim.core.run.SimulatedScenario}): the documented plan
 * scripts them, the generated plans draw them up front, a custom plan lists them. The
 * {@code targeted} plan also aims faults at splits as they start; the skeleton's {@code planOf}
 * lists those too, so a replay of the plan does not aim again.
 *
 * <p>Mixed versions (issue 18): each store runs the code of its own incarnation ({@code NodeContext.code()};
 * one role, {@code store}), an upgrade or a downgrade restarts it on the other code with its disk. Both
 * parts of the fix act on the store whose peer becomes leader and no message between stores changes
 * ({@code SplitFidelity}), so a region gets the fix of the store that takes it over; the report's
 * "Rolling out the fix" prose is the resource {@code report/rollout-notes.md} ({@code SplitStallPresentation}).
 *
 * <p>Recovery starts only where upstream starts it (OnRoleChanged, from the meta's stage at the role
 * change), so a PRE_SPLIT that commits after a leader change, or a leader restarted in PRE_SPLIT with
 * no mem-table to re-flush, leaves its split unfinished: U3 and U7 are the fix's declared gaps
 * ({@code SplitClaims.GAP}, declared in the claim table). What the gap cannot reach stays claimed: a
 * split whose proposer never stopped leading finishes (U13), and so does one a new leader took over
 * with the PRE_SPLIT applied and a flush it can make (U14, the recovery of #615 and #643). Finishing a split halves the region's size without
 * modelling the new sibling region.
 *
 * <p>This package holds only the wiring ({@code SplitStallScenario}); the rest is in layers, the
 * same in every scenario: {@code model} (the stores, what PIT mutates), {@code checks} (the
 * invariants, claims and coverage, reading the run from outside), {@code plan} (the world, modes,
 * faults, operations and their generators) and {@code report} (the fidelity table and prose). The
 * model and the plan import no check and no report, and the checks no report.
 */
package shardsim.scenarios.splitstall;
