#!/usr/bin/env bash
# Builds the benchmark jar and runs every benchmark once (one fork, short iterations: a few
# minutes). Extra arguments go to JMH, e.g. a name filter: bash sim-bench/run.sh HoldBenchmark
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -pl sim-bench -am package -DskipTests
exec java -jar sim-bench/target/benchmarks.jar -f 1 -wi 3 -i 5 -w 1s -r 1s "$@"
