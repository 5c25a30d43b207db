# shellcheck shell=bash
# Gatling (bench/gatling) for bench/run: the open-model runs and the figures read from their reports.
# Sourced after lib/common.sh. Reports are written under bench/target/gatling/ (out of git).

GATLING_MODULE="$BENCH_DIR/gatling"
GATLING_CLASSPATH_FILE="$GATLING_MODULE/target/gatling.classpath"
GATLING_REPORTS="$BENCH_DIR/target/gatling"

# gatling_run SIMULATION LABEL [-Dname=value ...] -> the report in $GATLING_REPORTS/<label>/<simulation>-<time>/,
# its path in $WORK/gatling-<label>.dir, Gatling's output in $WORK/gatling-<label>.log. Status: Gatling's
# (non-zero when an assertion failed). java -cp rather than the Maven plugin: no build step in the
# measured run, and the heap set here.
gatling_run() {
  local sim=$1 label=$2 rc=0; shift 2
  rm -rf "${GATLING_REPORTS:?}/$label"
  mkdir -p "$GATLING_REPORTS/$label"
  # --add-opens: Gatling's log writer reads String internals (the Maven plugin passes the same)
  java -Xmx1g --add-opens=java.base/java.lang=ALL-UNNAMED "$@" -cp "$GATLING_MODULE/target/test-classes:$(cat "$GATLING_CLASSPATH_FILE")" io.gatling.app.Gatling \
    -s "com.example.shop.bench.gatling.$sim" -rf "$GATLING_REPORTS/$label" -rd "bench/run $label" -l bench-run \
    >"$WORK/gatling-$label.log" 2>&1 || rc=$?
  echo "$rc" >"$WORK/gatling-$label.rc"
  find "$GATLING_REPORTS/$label" -mindepth 1 -maxdepth 1 -type d | head -1 >"$WORK/gatling-$label.dir"
  return $rc
}

gatling_dir() { cat "$WORK/gatling-$1.dir" 2>/dev/null; }

# gatling_json LABEL: the report's figures as JSON. Gatling 3.13 writes no stats.json any more, only the
# object literal of js/stats.js (unquoted keys, then the page's functions): its object, keys quoted, is
# saved beside it as js/stats.json the first time and read from there.
gatling_json() {
  local dir; dir=$(gatling_dir "$1")
  [ -n "$dir" ] && [ -f "$dir/js/stats.js" ] || return 1
  if [ ! -s "$dir/js/stats.json" ]; then
    sed -n '1,/^function/p' "$dir/js/stats.js" | sed '$d' \
      | sed -E '1s/^var stats = //; s/^([[:space:]]*)([A-Za-z][A-Za-z0-9_]*): /\1"\2": /' | jq . >"$dir/js/stats.json" || return 1
  fi
  cat "$dir/js/stats.json"
}

# gatling_stat LABEL REQUEST FIELD: one figure of a request (REQUEST: a request's name, or "" for all of
# them). FIELD: p50 p75 p95 p99 (ms; Gatling's default percentiles 1-4), mean, max, count, ok, ko, rps
# (mean requests per second over the run). Empty when there is no report.
gatling_stat() {
  gatling_json "$1" 2>/dev/null | jq -r --arg r "$2" --arg f "$3" '
    (if $r == "" then .stats else (.contents[] | select(.name == $r) | .stats) end) as $s
    | { p50: $s.percentiles1.total, p75: $s.percentiles2.total, p95: $s.percentiles3.total, p99: $s.percentiles4.total,
        mean: $s.meanResponseTime.total, max: $s.maxResponseTime.total, count: $s.numberOfRequests.total,
        ok: $s.numberOfRequests.ok, ko: $s.numberOfRequests.ko, rps: $s.meanNumberOfRequestsPerSecond.total }[$f] // ""' \
    2>/dev/null | head -1
}

# gatling_assertions LABEL: "passed", "failed" (Gatling's exit status 2: an assertion failed), "error" (it
# could not run), "n/a" (no run)
gatling_assertions() {
  case $(cat "$WORK/gatling-$1.rc" 2>/dev/null) in
    0) echo passed ;; 2) echo failed ;; "") echo n/a ;; *) echo error ;;
  esac
}

# gatling_table LABEL: every request's figures from stats.json, as a markdown table
gatling_table() {
  local json
  json=$(gatling_json "$1" 2>/dev/null) || { echo "(no Gatling report: see bench/target/run/gatling-$1.log)"; return 0; }
  echo "| request | count | ok | ko | req/s | p50 ms | p95 ms | p99 ms | max ms |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
  jq -r '([.stats] + [.contents[] | .stats]) | .[]
    | "| \(.name) | \(.numberOfRequests.total) | \(.numberOfRequests.ok) | \(.numberOfRequests.ko) | \(.meanNumberOfRequestsPerSecond.total) | \(.percentiles1.total) | \(.percentiles3.total) | \(.percentiles4.total) | \(.maxResponseTime.total) |"' \
    <<<"$json"
}
