/**
 * What a version-skew run is made of: the world ({@code World}, {@code Layout}), the mode table
 * ({@code SkewMode}: the parts of the upstream fix, one switch each), the scenario's faults and the
 * client's requests ({@code SkewFault}, {@code SkewOperation}), the documented plan
 * ({@code DocumentedPlan}), the seeded generators of the random plans ({@code SkewFaultPlan},
 * {@code SkewWorkload}), the risky windows the targeted plan aims at ({@code SkewWindows}), the jqwik
 * arbitraries and the names a plan may use. The model reads the mode table and the records.
 */
package shardsim.scenarios.versionskew.plan;
