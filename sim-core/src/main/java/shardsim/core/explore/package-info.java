/**
 * Guided exploration: a search over plans, not only seeds. It keeps a bounded corpus of plans
 * (each a {@link shardsim.core.scenario.CustomPlan} with the seed whose world it runs in) whose
 * runs reached abstract states or transitions no earlier run had reached, picks parents with a
 * preference for plans that reached rare states, and mutates them (a fault added, removed, moved
 * or changed; an operation added, removed, moved or changed; the link made lossier or slower; two
 * plans spliced; the same plan in another seed's world), mixing in fresh plans of the built-in
 * plan. Every candidate is a deterministic plan, so a failure it finds is a plan file that replays
 * and shrinks.
 *
 * <p>The search itself is single-threaded and draws only from its own {@link
 * shardsim.core.random.SimRandom}: candidates are made a batch at a time, the caller's
 * {@link Explorer.Runner} may run a batch in parallel, and results are merged in candidate order,
 * so the search is the same for any number of threads.
 */
package shardsim.core.explore;
