/**
 * Risky windows and the faults aimed into them. Model code announces a window while it is in the
 * middle of something a fault could break (a DDL in flight on a shard, a clone running on a
 * backend, a split between two stages): {@code NodeContext.openWindow} / {@code closeWindow}, or
 * {@link shardsim.core.aim.Windows} for code outside a node. Announcing draws nothing and traces
 * nothing, so it changes no run. The {@code targeted} plan (and the {@code swarm} runs whose draw
 * says so) listens: {@link shardsim.core.aim.Targeting} places kernel faults on a node the window
 * involves and the scenario's own faults that fit the window's kind ({@link
 * shardsim.core.aim.ScenarioAim}), inside the window, from a generator of its own, the way
 * FoundationDB's BUGGIFY fires at interesting code points. {@link shardsim.core.aim.AimProfile}
 * holds its chances and {@link shardsim.core.aim.AimLimits} bounds it. Every fault that fires is
 * recorded ({@link shardsim.core.aim.AimedShot}), so a run's plan given back as data lists it and
 * a replay needs no aiming.
 */
package shardsim.core.aim;
