/** The scenario registry; each scenario lives in a sub-package of its own. */
package shardsim.scenarios;
