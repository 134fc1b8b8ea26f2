#!/usr/bin/env bash
# `storage-conformance serve` next to nginx serving the same objects as static files and next to this machine's
# single-core MD5 rate (openssl speed), in one run, everything on 127.0.0.1:
#   - 1 KiB alt=media GETs with wrk at 1, 4, 16, 64 and 256 connections (requests/s, and each server's CPU time
#     per request), the servers taking turns for ROUNDS rounds: the median of each;
#   - downloads from 1 KiB to 1 GiB: wrk -c16 requests/s times the size for 1 KiB and 64 KiB, single curl
#     downloads from 1 MiB up (MB/s, 10^6 B/s; one download per server and size checked by md5);
#   - v0 media uploads from 1 MiB to 1 GiB with curl (MB/s), against the MD5 rate (serve hashes every upload;
#     nginx takes none);
#   curl figures are the best of ROUNDS, or of as many transfers as move 64 MiB for the small sizes.
# A second serve with --data-dir (in the same temp folder) gets its own column.
# Ends with a Markdown table of every figure.
# usage: scripts/bench-serve.sh [WRK_SECONDS] [ROUNDS] [--quick]
#   defaults 5 s and 3 rounds (about 5 minutes on 2 cores once built); --quick leaves out the 256 MiB and 1 GiB
#   objects and defaults to 3 s and 2 rounds (about 2 minutes).
set -euo pipefail
cd "$(dirname "$0")/.."

quick=""
numbers=()
for arg in "$@"; do
  case $arg in
    --quick) quick=1 ;;
    -h | --help) sed -n '2,/^set /p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *[!0-9]* | "" | 0) echo "usage: $0 [WRK_SECONDS] [ROUNDS] [--quick]" >&2; exit 2 ;;
    *) numbers+=("$arg") ;;
  esac
done
seconds=${numbers[0]:-$([ -n "$quick" ] && echo 3 || echo 5)}
rounds=${numbers[1]:-$([ -n "$quick" ] && echo 2 || echo 3)}

declare -A bytes=([1KiB]=1024 [64KiB]=65536 [1MiB]=1048576 [16MiB]=16777216 [256MiB]=268435456 [1GiB]=1073741824)
wrk_sizes=(1KiB 64KiB)
curl_sizes=(1MiB 16MiB 256MiB 1GiB)
[ -z "$quick" ] || curl_sizes=(1MiB 16MiB)
connections=(1 4 16 64 256)
headline=16 # the connection count of the small-GET headline and of the wrk rows of the size table

# --- tools ------------------------------------------------------------------------------------------------------

# Runs "$@" with a policy-rc.d that keeps package scripts from starting their service (nginx on 0.0.0.0:80).
without_services() {
  local guard=/usr/sbin/policy-rc.d status=0
  if [ -e "$guard" ]; then "$@"; return; fi
  printf '#!/bin/sh\nexit 101\n' >"$guard" && chmod +x "$guard"
  "$@" || status=$?
  rm -f "$guard"
  return "$status"
}

install_missing() {
  local packages=() tool
  for tool in nginx wrk curl bc openssl; do command -v "$tool" >/dev/null || packages+=("$tool"); done
  [ ${#packages[@]} -gt 0 ] || return 0
  apt-get update -qq
  # nginx-light where the release still has it (Debian 12), plain nginx where it does not.
  if apt-cache policy nginx-light 2>/dev/null | grep -q 'Candidate: [^(]'; then
    packages=("${packages[@]/#nginx/nginx-light}")
  fi
  without_services env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
}

PATH=$PATH:/usr/sbin # nginx
install_missing

# --- arithmetic and formatting ----------------------------------------------------------------------------------

calc() { echo "scale=6; $*" | bc -l; }
mb() { calc "$1 / 1000000"; }
best() { sort -g | tail -1; }
spaced() { echo "${1%?iB} ${1: -3}"; } # 64KiB → 64 KiB
# "-" for a figure not measured; ratios as 0.93x.
number() { if [ -n "${1:-}" ]; then printf '%.0f' "$1"; else printf -- '-'; fi; }
ratio() { if [ -n "${1:-}" ] && [ -n "${2:-}" ]; then printf '%.2fx' "$(calc "$1 / $2")"; else printf -- '-'; fi; }

# --- the MD5 reference, measured before anything else runs -------------------------------------------------------

# MB/s of one core; openssl prints thousands of bytes per second ("742029.71k").
md5_rate() {
  local k
  k=$(openssl speed -seconds 2 -bytes 16384 md5 2>/dev/null | awk '$1 == "md5" {print $NF}')
  [ -n "$k" ] || k=$(openssl speed -seconds 2 -bytes 16384 -evp md5 2>/dev/null | awk 'tolower($1) == "md5" {print $NF}')
  calc "${k%k} / 1000"
}
load=$(cut -d' ' -f1-3 /proc/loadavg)
if [ "$(calc "${load%% *} > $(nproc) / 2")" = 1 ]; then
  echo "warning: load average $load on $(nproc) cores: other work will skew the figures"
fi
md5_mbps=$(md5_rate)
printf 'single-core MD5 (openssl speed -seconds 2 -bytes 16384 md5): %.0f MB/s\n' "$md5_mbps"

# --- temp folder, cleanup ---------------------------------------------------------------------------------------

# /dev/shm when it has room for the objects twice (nginx's root and a --data-dir copy) and the uploads.
need=$((512 << 20))
for size in "${wrk_sizes[@]}" "${curl_sizes[@]}"; do need=$((need + 2 * bytes[$size])); done
for size in "${curl_sizes[@]}"; do need=$((need + bytes[$size])); done
room=$(df -B1 --output=avail /dev/shm 2>/dev/null | tail -1 | tr -d ' ' || true)
if [ "${room:-0}" -gt "$need" ]; then parent=/dev/shm; else parent=/tmp; fi
work=$(mktemp -d -p "$parent")
pids=()
cleanup() {
  local pid
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- servers ----------------------------------------------------------------------------------------------------

echo "building storage-conformance (release)"
swift build -c release --product storage-conformance >"$work/build.log" 2>&1 || { tail -40 "$work/build.log"; exit 1; }
serve="$(swift build -c release --show-bin-path)/storage-conformance"
built=$SECONDS

free_port() {
  local port
  while :; do
    port=$(shuf -i 20000-60999 -n 1)
    (: <"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return; }
  done
}

declare -A port server_pid name=([mem]="serve (memory)" [disk]="serve --data-dir" [ref]="nginx")
servers=(mem disk) # the serve columns; "ref" is nginx, or the MD5 rate for uploads

# launch SIDE COMMAND...: starts COMMAND in the background on port[SIDE] and waits until it answers.
launch() {
  local side=$1 pid
  shift
  "$@" >"$work/$side.log" 2>&1 &
  pid=$!
  pids+=("$pid")
  server_pid[$side]=$pid
  for _ in $(seq 1 100); do
    curl -s -o /dev/null "http://127.0.0.1:${port[$side]}/" && return 0
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "${name[$side]} did not answer on 127.0.0.1:${port[$side]}:" >&2
  cat "$work/$side.log" >&2
  exit 1
}

launch_serve() {
  local side=$1 extra=()
  [ "$side" = mem ] || { mkdir -p "$work/data"; extra=(--data-dir "$work/data"); }
  port[$side]=$(free_port)
  launch "$side" "$serve" serve --host 127.0.0.1 --port "${port[$side]}" --max-body 2GiB "${extra[@]}"
}

# nginx as a typical static deployment: a master and one worker per core, sendfile, no access log.
launch_nginx() {
  local dir=$work/nginx
  mkdir -p "$dir"
  port[ref]=$(free_port)
  {
    # Workers of a root master switch to `user` (nobody by default), who cannot read the 0700 temp folder.
    if [ "$(id -u)" = 0 ]; then echo 'user root;'; fi
    cat <<EOF
worker_processes auto;
daemon off;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 4096; }
http {
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path $dir/body;
  proxy_temp_path $dir/proxy;
  fastcgi_temp_path $dir/fastcgi;
  uwsgi_temp_path $dir/uwsgi;
  scgi_temp_path $dir/scgi;
  server {
    listen 127.0.0.1:${port[ref]};
    root $work/objects;
  }
}
EOF
  } >"$dir/nginx.conf"
  launch ref nginx -p "$dir/" -c "$dir/nginx.conf" -e "$dir/error.log"
}

for side in "${servers[@]}"; do launch_serve "$side"; done
launch_nginx

# --- objects ----------------------------------------------------------------------------------------------------

# url SIDE NAME: the object's alt=media download on serve's v0 routes, or its static file on nginx.
url() {
  if [ "$1" = ref ]; then
    echo "http://127.0.0.1:${port[ref]}/$2"
  else
    echo "http://127.0.0.1:${port[$1]}/v0/b/bench/o/$2?alt=media"
  fi
}
# upload SIDE NAME FILE: a v0 media upload; prints curl's upload speed (B/s) and keeps the answer in upload.json.
upload() {
  curl -sSf -o "$work/upload.json" -w '%{speed_upload}\n' -X POST -H 'Content-Type: application/octet-stream' \
    -T "$3" "http://127.0.0.1:${port[$1]}/v0/b/bench/o?name=$2"
}
download() { curl -sSf -o /dev/null -w '%{speed_download}\n' "$(url "$1" "$2")"; }
# rounds_for SIZE: ROUNDS, or more for small objects, so that each figure is the best of at least 64 MiB moved
# (a 1 MiB transfer lasts about a millisecond: three of them are mostly noise).
rounds_for() { local n=$(((64 << 20) / bytes[$1])); echo $((n > rounds ? n : rounds)); }
# best_of SIZE COMMAND...: the highest figure of rounds_for SIZE runs of COMMAND.
best_of() {
  local n
  n=$(rounds_for "$1")
  shift
  for _ in $(seq "$n"); do "$@"; done | best
}

echo "writing objects to $work"
mkdir -p "$work/objects"
declare -A md5_base64 md5_hex
for size in "${wrk_sizes[@]}" "${curl_sizes[@]}"; do
  file=$work/objects/obj-$size
  head -c "${bytes[$size]}" /dev/urandom >"$file"
  md5_base64[$size]=$(openssl dgst -md5 -binary "$file" | base64)
  md5_hex[$size]=$(base64 -d <<<"${md5_base64[$size]}" | od -An -tx1 | tr -d ' \n')
  for side in "${servers[@]}"; do upload "$side" "obj-$size" "$file" >/dev/null; done
done

# Checks one download per side against the file's md5, and the md5Hash serve answered for the last upload.
verify_download() {
  [ "$(curl -sSf "$(url "$1" "obj-$2")" | md5sum | cut -d' ' -f1)" = "${md5_hex[$2]}" ] ||
    { echo "${name[$1]} returned other bytes for obj-$2" >&2; exit 1; }
}
verify_upload() {
  grep -q "\"md5Hash\" *: *\"${md5_base64[$2]}\"" "$work/upload.json" ||
    { echo "${name[$1]} answered another md5Hash for up-$2:" >&2; cat "$work/upload.json" >&2; exit 1; }
}

# cpu_ticks SIDE: CPU time (user + system, clock ticks) of the server so far: serve's process, or nginx's master
# and workers.
cpu_ticks() {
  local pids=${server_pid[$1]} pid total=0 fields
  [ "$1" != ref ] || pids="$pids $(pgrep -P "${server_pid[ref]}" | tr '\n' ' ')"
  for pid in $pids; do
    read -r -a fields <"/proc/$pid/stat"
    total=$((total + fields[13] + fields[14]))
  done
  echo "$total"
}
tick=$(getconf CLK_TCK)

# wrk_rps CONNECTIONS SIDE URL: "requests/s µs-of-server-CPU-per-request" (-t1 for one connection, else -t2);
# error answers stop the run, socket errors are noted for the end.
wrk_rps() {
  local out before after rps
  before=$(cpu_ticks "$2")
  out=$(wrk -t"$(($1 < 2 ? 1 : 2))" -c"$1" -d"${seconds}s" "$3")
  after=$(cpu_ticks "$2")
  if grep -q 'Non-2xx' <<<"$out"; then echo "wrk got error answers from $3:" >&2; echo "$out" >&2; exit 1; fi
  if grep -q 'Socket errors' <<<"$out"; then echo "c=$1 $3: $(grep 'Socket errors' <<<"$out")" >>"$work/notes"; fi
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  echo "$rps $(calc "($after - $before) * 1000000 / $tick / ($rps * $seconds)")"
}
# median: the middle line of a numeric list (the lower middle for an even count).
median() { sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

# --- results: val[KEY,SIDE] for SIDE in the servers and ref; rows in the order measured --------------------------

declare -A val label
rows=()
columns() { # the header of a section: what the reference column holds this time
  local side
  printf '\n== %s\n  %-40s' "$1" ""
  for side in "${servers[@]}"; do printf ' %16s' "${name[$side]}"; done
  printf ' %16s' "$2"
  for side in "${servers[@]}"; do printf ' %10s' "$side/ref"; done
  echo
}
# row_ratio KEY SIDE: the side's figure against the reference's, as "how many times as good": for CPU time per
# request, where less is better, the reference's over the side's.
row_ratio() {
  if [[ $1 == cpu* ]]; then ratio "${val[$1,ref]:-}" "${val[$1,$2]:-}"; else ratio "${val[$1,$2]:-}" "${val[$1,ref]:-}"; fi
}
report() { # KEY LABEL: prints the row just measured and keeps it for the summary
  local side
  rows+=("$1")
  label[$1]=$2
  printf '  %-40s' "$2"
  for side in "${servers[@]}" ref; do printf ' %16s' "$(number "${val[$1,$side]:-}")"; done
  for side in "${servers[@]}"; do printf ' %10s' "$(row_ratio "$1" "$side")"; done
  echo
}
summary() {
  local side key
  printf '\n| measurement |'
  for side in "${servers[@]}"; do printf ' %s |' "${name[$side]}"; done
  printf ' nginx / MD5 rate |'
  for side in "${servers[@]}"; do printf ' %s ÷ ref |' "${name[$side]}"; done
  printf '\n|---|'
  for side in "${servers[@]}" ref "${servers[@]}"; do printf -- '---:|'; done
  echo
  for key in "${rows[@]}"; do
    printf '| %s |' "${label[$key]}"
    for side in "${servers[@]}" ref; do printf ' %s |' "$(number "${val[$key,$side]:-}")"; done
    for side in "${servers[@]}"; do printf ' %s |' "$(row_ratio "$key" "$side")"; done
    echo
  done
}

# --- measurements -----------------------------------------------------------------------------------------------

for side in "${servers[@]}" ref; do wrk -t1 -c4 -d1s "$(url "$side" obj-1KiB)" >/dev/null; done # warm-up

columns "GET obj-1KiB (alt=media vs static file), wrk -d${seconds}s, -t2 (-t1 at c=1), median of $rounds turns:" \
  nginx
for c in "${connections[@]}"; do
  declare -A runs=()
  for _ in $(seq "$rounds"); do
    for side in "${servers[@]}" ref; do runs[$side]+="$(wrk_rps "$c" "$side" "$(url "$side" obj-1KiB)")"$'\n'; done
  done
  for side in "${servers[@]}" ref; do
    val[get$c,$side]=$(awk 'NF {print $1}' <<<"${runs[$side]}" | median)
    val[cpu$c,$side]=$(awk 'NF {print $2}' <<<"${runs[$side]}" | median)
  done
  report "get$c" "1 KiB GET, c=$c (req/s)"
  report "cpu$c" "  server CPU per request, c=$c (µs)"
done

columns "downloads: wrk -t2 -c$headline -d${seconds}s req/s x size up to 64 KiB, curl above (MB/s)" nginx
for size in "${wrk_sizes[@]}"; do
  for side in "${servers[@]}" ref; do
    if [ "$size" = 1KiB ]; then
      rps=${val[get$headline,$side]} # measured above
    else
      rps=$(wrk_rps "$headline" "$side" "$(url "$side" "obj-$size")" | cut -d' ' -f1)
    fi
    val[down$size,$side]=$(mb "$(calc "$rps * ${bytes[$size]}")")
    verify_download "$side" "$size"
  done
  report "down$size" "download $(spaced "$size"), wrk c=$headline (MB/s)"
done
for size in "${curl_sizes[@]}"; do
  for side in "${servers[@]}" ref; do
    val[down$size,$side]=$(mb "$(best_of "$size" download "$side" "obj-$size")")
    verify_download "$side" "$size"
  done
  report "down$size" "download $(spaced "$size"), curl best of $(rounds_for "$size") (MB/s)"
done

columns "v0 media uploads with curl -T -X POST (MB/s), against single-core MD5" "MD5 rate"
for size in "${curl_sizes[@]}"; do
  for side in "${servers[@]}"; do
    val[up$size,$side]=$(mb "$(best_of "$size" upload "$side" "up-$size" "$work/objects/obj-$size")")
    verify_upload "$side" "$size"
  done
  val[up$size,ref]=$md5_mbps
  report "up$size" "upload $(spaced "$size"), curl best of $(rounds_for "$size") (MB/s)"
done

# --- summary ----------------------------------------------------------------------------------------------------

echo
echo "== summary"
echo "run: $built s to build and set up, $((SECONDS - built)) s to measure"
echo "machine: $(nproc) cores, $(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo), $(uname -sr);" \
  "load average before the run $load (1, 5, 15 min; other work on the machine skews every figure)"
echo "servers: $("$serve" --version 2>&1 | head -1) serve${servers[1]:+ (in memory, and with --data-dir)}" \
  "and $(nginx -v 2>&1 | sed 's/.*: //') (worker_processes auto, sendfile, tcp_nopush, access_log off)" \
  "on 127.0.0.1; files in $parent$([ "$parent" != /dev/shm ] || echo " (tmpfs: no disk, fsync costs nothing)")"
echo "small GETs: wrk -t2 -c<C> -d${seconds}s (-t1 at c=1), C in ${connections[*]}, the servers in turn, the median" \
  "of $rounds turns; CPU per request: the server's user + system time over its requests (lower is better; its" \
  "ratio is ref ÷ server); size rows up to 64 KiB: wrk -t2 -c$headline -d${seconds}s, req/s x size"
echo "transfers: curl -o /dev/null (download) and curl -T FILE -X POST (upload), one connection each, the best of" \
  "$rounds, or of as many as move 64 MiB; md5 checked once per server and size"
echo "MD5 rate: openssl speed -seconds 2 -bytes 16384 md5 = $(number "$md5_mbps") MB/s; MB = 10^6 bytes;" \
  "ref = nginx for GETs and downloads, the MD5 rate for uploads"
summary
if [ -s "$work/notes" ]; then
  echo
  echo "wrk socket errors:"
  sed 's/^/  /' "$work/notes"
fi
