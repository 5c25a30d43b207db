# Shared by bench/run and bench/chaos: a private platform on free ports, process helpers, cleanup.
# shellcheck shell=bash

BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROOT="$(cd "$BENCH_DIR/.." && pwd)"
HARNESS_JAR="$BENCH_DIR/harness/target/bench-harness.jar"
MINIMAL_JAR="$BENCH_DIR/minimal-findone/target/quarkus-app/quarkus-run.jar"
SEED_JAR="$ROOT/platform-seed/target/platform-seed.jar"

say() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die() { say "FATAL: $*"; exit 1; }

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Picks N free ports from a random base in 20000-29999, printed space-separated.
free_ports() {
  local n=$1 base p out=()
  base=$((20000 + RANDOM % 9000))
  p=$base
  while [ ${#out[@]} -lt "$n" ] && [ $p -lt $((base + 1000)) ]; do
    port_free $p && out+=("$p")
    p=$((p + 1))
  done
  echo "${out[@]}"
}

ensure_tools() { # [load-tools]: also wrk and nginx
  local missing=()
  if [ "${1:-}" = load-tools ]; then
    command -v wrk >/dev/null 2>&1 || missing+=(wrk)
    command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
  fi
  for t in curl jq openssl java mvn; do command -v $t >/dev/null 2>&1 || missing+=("$t"); done
  if [ ${#missing[@]} -gt 0 ]; then
    say "installing ${missing[*]} (Debian packages)"
    local pkgs=()
    for t in "${missing[@]}"; do
      case $t in java) pkgs+=(openjdk-17-jdk-headless) ;; mvn) pkgs+=(maven) ;; *) pkgs+=("$t") ;; esac
    done
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${pkgs[@]}") >/dev/null \
      || die "could not install ${pkgs[*]}"
  fi
  NGINX=$(command -v nginx || echo /usr/sbin/nginx)
}

# Everything the bench runs: the platform's jars and the bench modules.
BUILT_MODULES=support/embedded-mongo,catalog-service,category-service,cart-service,gateway,platform-seed,bench/minimal-findone,bench/harness,bench/gatling
built_jars() {
  echo "$HARNESS_JAR" "$MINIMAL_JAR" "$SEED_JAR" "$ROOT/support/embedded-mongo/target/embedded-mongo-1.0.0-SNAPSHOT.jar"
  echo "$BENCH_DIR/gatling/target/gatling.classpath" # written by the package phase, after the simulations compiled
  for m in catalog-service category-service cart-service gateway; do echo "$ROOT/$m/target/quarkus-app/quarkus-run.jar"; done
}

# Builds, when a jar is missing (or BENCH_REBUILD=1), every module the bench runs in one reactor
# call with -am, so that the project's own modules (web-support, ...) come from this checkout and
# never from a local repository's older SNAPSHOT. Sets JARS_NOTE when the jars are older than the
# checked-out commit or the work tree has changes (the result file then says so).
ensure_built() {
  local missing=0 j head_time stale=""
  for j in $(built_jars); do [ -f "$j" ] || missing=1; done
  # a jar older than the checked-out commit is rebuilt: measuring yesterday's code by accident is worse than a build
  if head_time=$(cd "$ROOT" && git log -1 --format=%ct 2>/dev/null); then
    for j in $(built_jars); do [ -f "$j" ] && [ "$(stat -c %Y "$j")" -lt "$head_time" ] && stale="$stale ${j#"$ROOT"/}"; done
  fi
  if [ $missing = 1 ] || [ -n "$stale" ] || [ "${BENCH_REBUILD:-0}" = 1 ]; then
    say "building $BUILT_MODULES (mvn package -am, tests skipped)"
    # shellcheck disable=SC2086
    (cd "$ROOT" && mvn -B -q ${MVN_OFFLINE:+-o} ${MVN_ARGS:-} package -DskipTests -pl "$BUILT_MODULES" -am) >&2 || die "build failed"
    return 0
  fi
  JARS_NOTE=""
  if ! (cd "$ROOT" && git diff --quiet HEAD 2>/dev/null); then
    JARS_NOTE="The work tree has uncommitted changes; the jars may include them (BENCH_REBUILD=1 rebuilds)."
  fi
}

# The load average right after a build reflects the build (2.2-3.4 on an idle machine after a fresh
# clone's build): waits, at most LOAD_SETTLE_MAX seconds [90], until the one-minute load is below
# LOAD_SETTLE_BELOW [1.0] (issue 20's review). Sets LOAD_UNSETTLED (the reading before waiting),
# LOAD_SETTLED (the reading after it) and LOAD_WAITED (seconds waited); the result file records both.
settle_load() {
  local max=${LOAD_SETTLE_MAX:-90} below=${LOAD_SETTLE_BELOW:-1.0} waited=0
  LOAD_UNSETTLED=$(cut -d' ' -f1-3 /proc/loadavg)
  while [ "$waited" -lt "$max" ] && awk -v l="$(cut -d' ' -f1 /proc/loadavg)" -v b="$below" 'BEGIN { exit !(l + 0 >= b + 0) }'; do
    sleep 5; waited=$((waited + 5))
  done
  LOAD_SETTLED=$(cut -d' ' -f1-3 /proc/loadavg)
  LOAD_WAITED=$waited
  [ "$waited" -gt 0 ] && say "waited ${waited}s for the load to settle: $LOAD_UNSETTLED → $LOAD_SETTLED"
  return 0
}

# A fresh platform of our own: its own directory (BENCH_PLATFORM_DIR) and free ports. ./platform
# gives each service a management port of its own (public + 1000, or the next free one) and records
# it in $PLATFORM_DIR/ports/; every port picked here is below public + 1000, so none collides.
# The gateway limits cart writes per client (GATEWAY_RATE_LIMITS_*): the load generator is made a
# trusted proxy, and each simulated client presents its own X-Forwarded-For (bench/README.md).
setup_platform_env() {
  export PLATFORM_DIR="${BENCH_PLATFORM_DIR:-$BENCH_DIR/target/platform}"
  local ports
  read -r -a ports <<<"$(free_ports 8)"
  [ ${#ports[@]} -eq 8 ] || die "no 8 free ports found on 127.0.0.1"
  export GATEWAY_PORT=${ports[0]} CATALOG_PORT=${ports[1]} CATEGORY_PORT=${ports[2]} CART_PORT=${ports[3]} MONGO_PORT=${ports[4]}
  MINIMAL_PORT=${ports[5]}
  EXTRA_PORT=${ports[6]}
  EXTRA_MANAGEMENT_PORT=${ports[7]}
  export GATEWAY_RATE_LIMITS_TRUSTED_PROXIES="${GATEWAY_RATE_LIMITS_TRUSTED_PROXIES:-127.0.0.1,::1}"
  GATEWAY="http://127.0.0.1:$GATEWAY_PORT"
  MONGO_URI="mongodb://127.0.0.1:$MONGO_PORT"
}

# The management port of a service (its /q/health, /q/metrics, /q/openapi), as ./platform chose it:
# <NAME>_MANAGEMENT_PORT when set, else what it recorded in $PLATFORM_DIR/ports/<name>.management.
management_port() {
  local var file
  var="$(echo "$1" | tr a-z A-Z)_MANAGEMENT_PORT"
  if [ -n "${!var:-}" ]; then echo "${!var}"; return 0; fi
  file="$PLATFORM_DIR/ports/$1.management"
  [ -f "$file" ] || die "no management port recorded for $1 ($file): was the platform started?"
  cat "$file"
}
# management_url NAME PATH: e.g. management_url cart /q/metrics
management_url() { echo "http://127.0.0.1:$(management_port "$1")$2"; }

# The benches measure the packaged jars' own settings: ./platform turns on the access log and the trace
# ids of the log lines for a developer, which cost the catalog 10-15 % and 16 % of its one-product reads
# (docs/design.md, "Following one request"); in every process a bench starts (the platform, its restarts
# by the harness) both stay off unless asked for (tracing is on when QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT is set).
export QUARKUS_HTTP_ACCESS_LOG_ENABLED="${QUARKUS_HTTP_ACCESS_LOG_ENABLED:-false}"
if [ -z "${QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT:-}" ]; then
  export QUARKUS_OTEL_SDK_DISABLED="${QUARKUS_OTEL_SDK_DISABLED:-true}"
fi
platform() { "$ROOT/platform" "$@"; }

# The JVM of a platform component. The pid file may name a wrapper shell whose child is the JVM,
# so the JVM is looked up among the descendants.
java_pid() {
  local pidfile="$PLATFORM_DIR/pids/$1.pid" pid child
  [ -f "$pidfile" ] || return 1
  pid=$(cat "$pidfile")
  if [ "$(ps -o comm= -p "$pid" 2>/dev/null)" = java ]; then echo "$pid"; return 0; fi
  for child in $(pgrep -P "$pid" 2>/dev/null); do
    if [ "$(ps -o comm= -p "$child")" = java ]; then echo "$child"; return 0; fi
    for g in $(pgrep -P "$child" 2>/dev/null); do
      [ "$(ps -o comm= -p "$g")" = java ] && { echo "$g"; return 0; }
    done
  done
  return 1
}

# Every JVM we saw for a component, so that teardown can stop leftovers (see bench/README.md).
SEEN_PIDS_FILE=""
remember_pids() {
  local n p
  for n in mongo catalog category cart gateway; do
    p=$(java_pid "$n" 2>/dev/null) && echo "$p" >>"$SEEN_PIDS_FILE"
  done
  true
}

# The JVM options a component runs with (between java and -jar), read back from its process, so
# that a reference JVM (bench/minimal-findone, a second cart service) runs exactly as ./platform
# runs the services, whatever ./platform's defaults or PLATFORM_SERVICE_JAVA_OPTS say; but for the
# class-data archive's options: that archive is the component's own (another jar cannot map it, and
# a second JVM recording it would write the same file).
jvm_options() {
  local p
  p=$(java_pid "$1" 2>/dev/null) || { echo '?'; return 0; }
  tr '\0' '\n' <"/proc/$p/cmdline" \
    | awk 'NR>1 && $0=="-jar" {exit} NR>1 && $0 !~ /^-XX:(ArchiveClassesAtExit|SharedArchiveFile)=|^-Xlog:cds=off$/ {printf "%s ", $0}' \
    | sed 's/ $//'
}
# One variable of a component's environment (e.g. MALLOC_ARENA_MAX), empty when unset.
process_env() {
  local p
  p=$(java_pid "$1" 2>/dev/null) || return 0
  tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | sed -n "s/^$2=//p" | head -1
}

# CPU time (utime + stime, clock ticks) of processes, from /proc/<pid>/stat: cpu_ticks PID...
cpu_ticks() {
  local t=0 p v
  for p in "$@"; do
    v=$(awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$p/stat" 2>/dev/null || true)
    t=$((t + ${v:-0}))
  done
  echo $t
}
rss_kb() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status" 2>/dev/null || echo 0; }
# VmRSS in its parts, MiB: "anonymous file-backed" (RssAnon: heap, metaspace, code, native; RssFile:
# pages of mapped files, for the catalog mostly its search index, which Lucene maps: the kernel's page
# cache, shared and reclaimable, counted in VmRSS all the same).
rss_parts_mib() { awk '/^RssAnon:/ {a=$2} /^RssFile:/ {f=$2} END {printf "%.0f %.0f", a/1024, f/1024}' "/proc/$1/status" 2>/dev/null || echo "0 0"; }
# The heap a JVM has committed, MiB (young + old, from jcmd GC.heap_info; empty when jcmd cannot say).
heap_committed_mib() {
  jcmd "$1" GC.heap_info 2>/dev/null | awk '/(generation|region|heap) +total/ {for (i=1;i<=NF;i++) if ($i=="total") {v=$(i+1); sub(/K,?$/,"",v); t+=v}} END {if (t) printf "%.0f", t/1024}'
}

stop_pid() { # pid: TERM, wait up to 10 s (60 s for a JVM writing its class-data archive, as ./platform's stop), then KILL
  local pid=$1 polls=40
  kill -0 "$pid" 2>/dev/null || return 0
  tr '\0' '\n' <"/proc/$pid/cmdline" 2>/dev/null | grep -q '^-XX:ArchiveClassesAtExit=' && polls=240
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 "$polls"); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.25; done
  kill -9 "$pid" 2>/dev/null || true
}

# Restarts one component: stops its JVM (SIGTERM, or SIGKILL with $2=kill), then ./platform restart.
restart_component() {
  local name=$1 how=${2:-term} pid
  pid=$(java_pid "$name" 2>/dev/null || true)
  if [ -n "$pid" ]; then
    if [ "$how" = kill ]; then kill -9 "$pid" 2>/dev/null || true; fi
    stop_pid "$pid"
  fi
  platform restart "$name" >&2
  remember_pids
}

platform_teardown() {
  [ -n "${PLATFORM_DIR:-}" ] || return 0
  platform down >/dev/null 2>&1 || true
  if [ -n "$SEEN_PIDS_FILE" ] && [ -f "$SEEN_PIDS_FILE" ]; then
    for p in $(sort -u "$SEEN_PIDS_FILE"); do
      if kill -0 "$p" 2>/dev/null && tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null | grep -q "$ROOT"; then stop_pid "$p"; fi
    done
  fi
}

harness() { java -Xmx1g -jar "$HARNESS_JAR" "$@"; }

# A seed profile's store (platform-seed), generated once into bench/target/seed/<profile>-<seed>
# (kept across runs; generated again when the generator's jar is newer). Prints the directory; the
# generation's wall time goes to $1-$2.seconds beside it.
seed_store_dir() {
  local profile=$1 seed=$2 dir t0
  dir="$BENCH_DIR/target/seed/$profile-$seed"
  if [ ! -f "$dir/products.ndjson" ] || [ ! -f "$dir/stock.ndjson" ] || [ ! -f "$dir/categories.ndjson" ] \
      || [ "$SEED_JAR" -nt "$dir/products.ndjson" ]; then
    t0=$(date +%s.%N)
    java -XX:+UseSerialGC -Xmx64m -jar "$SEED_JAR" --profile "$profile" --seed "$seed" --out "$dir" >&2 \
      || die "platform-seed failed for $profile (seed $seed)"
    elapsed "$t0" >"$dir.seconds"
  fi
  echo "$dir"
}

elapsed() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

# Quarkus's own "started in X.XXXs" from a log, or an em dash.
started_in() { sed -n 's/.*started in \([0-9.]*\)s\..*/\1 s/p' "$1" 2>/dev/null | head -1 | grep . || echo '—'; }

commit_label() {
  local c
  if c=$(cd "$ROOT" && git rev-parse --short HEAD 2>/dev/null); then
    # bench/results is left out: a run writes its results there (holders-curve.png) before this is read
    if (cd "$ROOT" && git diff --quiet HEAD -- . ':(exclude)bench/results' 2>/dev/null); then echo "\`$c\`"; else echo "\`$c\` (work tree with uncommitted changes)"; fi
  else
    echo "unknown (not a git work tree)"
  fi
}
