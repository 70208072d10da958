/**
 * jqwik properties over whole plans (faults and workloads from the arbitraries in the sim-core
 * and sim-scenarios test-jars). A failing property names the {@code sim run} command that
 * replays its shrunk case: the plan is written to a file under {@code target/jqwik-plans}.
 */
package shardsim.cli.properties;
