/**
 * A test-only scenario for the command line: a client pings a server over a network that may
 * duplicate messages; the buggy client counts duplicate pongs, so it breaks its invariant on
 * some seeds, the fixed one never does, and a third mode is nondeterministic on purpose.
 */
package shardsim.cli.testing;
