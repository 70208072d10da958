/**
 * Sweeps past one machine (issue 35): the committed Kubernetes manifests (deploy/kubernetes) and
 * GitHub workflow (.github/workflows/sweep.yml), read with a YAML parser and checked field by
 * field, and their commands run here as the cluster or the runner would run them, shard by
 * shard, against the built sim.jar; the gathered summary must be the unsharded sweep's.
 */
package shardsim.cli.scale;
