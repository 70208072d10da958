/**
 * Files and JSON: the JSON forms of runs and results, trace files (JSON Lines with a header),
 * sweep result files, and writing outputs so that no half-written file is ever left behind.
 */
package shardsim.cli.io;
