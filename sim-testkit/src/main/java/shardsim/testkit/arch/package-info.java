/**
 * Architecture tests over a module's sources: {@link shardsim.testkit.arch.PackageGraph} reads
 * which packages use which, so a test can hold packages to no cycle, a leaf, or layers that point
 * one way. Used by the kernel's, the command line's and the scenarios' package tests.
 */
package shardsim.testkit.arch;
