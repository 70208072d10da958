/**
 * A test-only scenario for the command line: a client pings a server over a network that may
 * duplicate messages; the buggy client counts duplicate pongs, so it breaks its invariant on
 * some seeds, the fixed one never does, and two more modes are nondeterministic on purpose (one across runs, one only across JVMs).
 */
package shardsim.cli.testing;
