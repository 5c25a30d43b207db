# Two built checkouts' platforms side by side, for the scripts that measure them in turns
# (bench/reserve-ab, bench/startup-ab): A's ports are 180xx, B's 210xx (management ports 1000 higher).
# Before sourcing: DIRS (the two checkouts, absolute) and AB_NAME (the platform directory in each, so
# that two such scripts never share one); AB_PLATFORM_ENV, when set, is added to ./platform's environment.
BASES=(180 210)

pdir() { echo "${DIRS[$1]}/$AB_NAME"; }
ab_pid() { PLATFORM_DIR="$(pdir "$1")" java_pid "$2"; } # index name -> that platform's process of NAME
ports() { # index -> the platform's environment for that checkout
  local b=${BASES[$1]}
  echo "GATEWAY_PORT=${b}80 CATALOG_PORT=${b}81 CATEGORY_PORT=${b}82 CART_PORT=${b}83 MONGO_PORT=${b}17 PLATFORM_DIR=$(pdir "$1")"
}
platform() { # index command...
  local i=$1; shift
  (cd "${DIRS[$i]}" && env $(ports "$i") ${AB_PLATFORM_ENV:-} ./platform "$@")
}
# ./platform down stops what its pid files name; a JVM still running from either platform's directory after
# that (seen after a run of 2026-11-28: a gateway and a cart service kept running, one at 13 % of a core)
# is stopped as well, so that it cannot load the next measurement.
down() {
  local i p
  for i in 0 1; do platform "$i" down >/dev/null 2>&1 || true; done
  for p in $(pgrep -x java); do
    case "$(readlink "/proc/$p/cwd" 2>/dev/null)" in "$(pdir 0)" | "$(pdir 1)") stop_pid "$p" ;; esac
  done
}
# The median of the numbers on stdin, one a line ("—" when there is none: not measured); what every A/B table gives.
median() { grep -E '^[0-9.]+$' | sort -g | awk '{v[NR]=$1} END {print NR == 0 ? "—" : (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
# wrk on one URL beside the CPU time of processes: wrk_cpu URL CONNECTIONS SECONDS PID... prints the requests a
# second and then each PID's CPU microseconds a request, in the order given ("req/s us1 us2 ...").
wrk_cpu() {
  local url=$1 connections=$2 seconds=$3 p rps i=0 hz
  shift 3
  hz=$(getconf CLK_TCK)
  local -a before=()
  for p in "$@"; do before+=("$(cpu_ticks "$p")"); done
  rps=$(wrk -t2 -c"$connections" -d"${seconds}s" "$url" | awk '/Requests\/sec/ {print $2}')
  printf '%s' "$rps"
  for p in "$@"; do
    awk -v t="$(($(cpu_ticks "$p") - before[i]))" -v hz="$hz" -v r="$rps" -v s="$seconds" \
      'BEGIN {printf " %.0f", t / hz * 1e6 / (r * s)}'
    i=$((i + 1))
  done
  echo
}
