/**
 * What a split-stall run is made of: the world ({@code SplitWorld}: regions, store settings, plan
 * rates, end time), the mode table ({@code SplitMode}), the scenario's fault and operation records,
 * the documented plan, the seeded generators of the random and swarm plans, the jqwik arbitraries,
 * the names a plan may use and the targeted plan's aims. All data and its generation; the model reads
 * the config and mode records.
 */
package shardsim.scenarios.splitstall.plan;
