/**
 * What every other package of the command line builds on, depending on none of them: the exit
 * codes, the user error that becomes exit 2, and the pool that runs independent simulations.
 * Kept a leaf so that the command line's packages form no cycle.
 */
package shardsim.cli.base;
