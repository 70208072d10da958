/**
 * Test-only scenarios for the command line, loaded as external scenarios (services) as a user's
 * jar would be. Ping: a client pings a server over a network that may duplicate messages; the
 * buggy client counts duplicate pongs, so it breaks its invariant on some seeds, the fixed one
 * never does, and two more modes are nondeterministic on purpose (one across runs, one only
 * across JVMs). The others give a built-in scenario another name (and the names the registry
 * must refuse).
 */
package shardsim.cli.testing;
