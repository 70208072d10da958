/**
 * How a verdict reads, in text and JSON, for every command: broken claims (which fail) apart from
 * known gaps (findings, with the reason the mode leaves them open), and a claim the mode is
 * expected to break named as such (the reported bug, an ablation's hole).
 */
package shardsim.cli.verdict;
