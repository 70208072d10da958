/**
 * jqwik properties over whole plans (faults and workloads from the arbitraries of sim-testkit and
 * of the sim-scenarios test-jar). A failing property names the {@code sim run} command that
 * replays its shrunk case: sim-testkit's {@code Replay} writes the plan under
 * {@code target/jqwik-plans}.
 */
package shardsim.cli.properties;
