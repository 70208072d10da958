/**
 * What a drop-after-clone run is made of: the world ({@code DorisWorld}) and config
 * ({@code DorisConfig}) records, the mode table ({@code DorisMode}: the parts of the upstream fix, one
 * switch each), the scenario's faults and balance moves ({@code DorisFault}, {@code DorisOperation}),
 * the documented plan that follows the report's log, the seeded generated plans and their targeted
 * windows, the jqwik arbitraries and the plan names. The model reads the config and mode records.
 */
package shardsim.scenarios.dropafterclone.plan;
