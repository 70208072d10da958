/** Link policies and delay distributions for the simulated network. */
package shardsim.core.net;
