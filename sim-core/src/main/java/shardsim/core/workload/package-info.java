/**
 * Workloads as data: the client requests, balancer moves and writes of a run as a time-ordered
 * list of {@link shardsim.core.workload.Operation} records, so a plan file can name them and a
 * shrinker can drop them one by one. A scenario defines its operation kinds and performs them.
 */
package shardsim.core.workload;
