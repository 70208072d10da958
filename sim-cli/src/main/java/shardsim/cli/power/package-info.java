/**
 * Detection power: how many seeds a sweep of a buggy mode needs before its first failure,
 * measured from several starting seeds, and how long that takes on this machine.
 */
package shardsim.cli.power;
