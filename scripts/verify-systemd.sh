#!/usr/bin/env bash
# Verifies deploy/agencia-portal@.service under a real systemd (decision 144, README "Running in
# production"): builds the app, bootstraps Debian 12 with debootstrap, boots it with systemd as
# PID 1 in a systemd-nspawn container (its own network: nothing listens on the host) and runs the
# README's "First deploy" commands in it — taken from README.md itself, minus the ones that need
# the internet (apt-get, git clone, npm ci, npm run build, the editor, Caddy). Then it checks the
# running service and prints one PASS/FAIL line per check and a summary; exit 1 if any failed.
#
#   sudo scripts/verify-systemd.sh            # about 6 minutes; needs root and a Debian mirror
#
# Not part of `npm test`: it is slow, needs root with CAP_SYS_ADMIN and the Debian mirror.
# Settings (environment): ROOTFS (default /var/tmp/agencia-root), DEBIAN_MIRROR (default the
# host's apt mirror, else http://deb.debian.org/debian), KEEP_ROOTFS=1 (keep the container's
# files afterwards, and reuse them on the next run), SKIP_BUILD=1 (use the current build).
set -uo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
ROOTFS=${ROOTFS:-/var/tmp/agencia-root}
MACHINE=agencia-verify
PORT=3000
UNIT=agencia-portal@$PORT
ADMIN_EMAIL=admin@agencia.do
ADMIN_PASSWORD=UnaClaveSegura2025 # the README's example
CT_PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
LOG_DIR=$(mktemp -d /tmp/verify-systemd.XXXXXX)
NSPAWN_PID=
CT_PID=
PASSED=0
FAILED=0
SKIPPED=0
declare -a SUMMARY=()

say() { printf '• %s\n' "$*"; }
die() {
  printf '✗ %s\n' "$*" >&2
  exit 1
}
pass() {
  PASSED=$((PASSED + 1))
  SUMMARY+=("PASS  $1")
  printf 'PASS  %s\n' "$1"
}
fail() {
  FAILED=$((FAILED + 1))
  SUMMARY+=("FAIL  $1")
  printf 'FAIL  %s\n' "$1"
}
skip() {
  SKIPPED=$((SKIPPED + 1))
  SUMMARY+=("SKIP  $1")
  printf 'SKIP  %s\n' "$1"
}
# check NAME COMMAND…: PASS when the command exits 0.
check() {
  local name=$1
  shift
  if "$@"; then pass "$name"; else fail "$name"; fi
}
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# A command inside the container, as root, with a clean environment (like `machinectl shell`).
ct() { nsenter -t "$CT_PID" -a env -i PATH="$CT_PATH" HOME=/root LANG=C.UTF-8 TERM=dumb "$@"; }
ct_sh() { ct bash -c "$1"; }
ready_code() { ct curl -s -o /dev/null -w '%{http_code}' --max-time 5 "http://127.0.0.1:$PORT/api/health/ready"; }
# Waits up to $1 seconds for readiness to answer 200.
wait_ready() {
  local deadline=$((SECONDS + $1))
  while ((SECONDS < deadline)); do
    [[ $(ready_code) == 200 ]] && return 0
    sleep 0.2
  done
  return 1
}
main_pid() { ct systemctl show -P MainPID "$UNIT"; }

cleanup() {
  local code=$?
  if [[ -n $NSPAWN_PID ]] && kill -0 "$NSPAWN_PID" 2>/dev/null; then
    say "stopping the container"
    [[ -n $CT_PID ]] && ct systemctl poweroff >/dev/null 2>&1
    for _ in $(seq 60); do kill -0 "$NSPAWN_PID" 2>/dev/null || break; sleep 0.5; done
    kill -0 "$NSPAWN_PID" 2>/dev/null && kill -KILL "$NSPAWN_PID"
    wait "$NSPAWN_PID" 2>/dev/null
  fi
  # debootstrap mounts /proc and /sys in the new system while it works: never delete through them.
  awk -v root="$ROOTFS/" 'index($2, root) == 1 { print $2 }' /proc/mounts | sort -r | xargs -r umount -l
  if [[ ${KEEP_ROOTFS:-0} != 1 && -d $ROOTFS ]]; then
    say "deleting $ROOTFS"
    rm -rf --one-file-system "$ROOTFS"
  fi
  say "logs: $LOG_DIR"
  exit "$code"
}

# --- 0. Prerequisites ------------------------------------------------------------------------
[[ $(id -u) == 0 ]] || die "run as root (debootstrap and systemd-nspawn need it)"
if ! command -v debootstrap >/dev/null || ! command -v systemd-nspawn >/dev/null; then
  say "installing debootstrap and systemd-container"
  apt-get install -y debootstrap systemd-container >"$LOG_DIR/apt.log" 2>&1 || die "apt-get failed: $LOG_DIR/apt.log"
fi
for tool in nsenter curl awk tar; do command -v $tool >/dev/null || die "$tool is missing"; done
if [[ -z ${DEBIAN_MIRROR:-} ]]; then
  DEBIAN_MIRROR=$(grep -hoE '^URIs: *http[^ ]*/debian$' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1 | sed 's/^URIs: *//')
  DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
fi
NODE_VERSION=$(tr -d 'v \n' <"$REPO/.nvmrc")
NODE_PKG=node-linux-$(uname -m | sed 's/x86_64/x64/; s/aarch64/arm64/')
NODE_CACHE=${AGENCIA_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/agencia-portal/node}
trap cleanup EXIT

# --- 1. The build (the README's step 3 runs on the server; here the container has no registry) --
if [[ ${SKIP_BUILD:-0} != 1 ]]; then
  say "npm run build"
  (cd "$REPO" && npm run build) >"$LOG_DIR/build.log" 2>&1 || die "npm run build failed: $LOG_DIR/build.log"
fi
[[ -f $REPO/apps/api/dist/server.js ]] || die "no build in $REPO (npm run build)"
if [[ ! -x $NODE_CACHE/$NODE_PKG-$NODE_VERSION/bin/node ]]; then
  say "fetching Node $NODE_VERSION (deploy/install-node.mjs)"
  node "$REPO/deploy/install-node.mjs" "$NODE_CACHE" >"$LOG_DIR/node.log" 2>&1 || die "no Node $NODE_VERSION: $LOG_DIR/node.log"
fi

# --- 2. A Debian 12 system ---------------------------------------------------------------------
if [[ ! -x $ROOTFS/lib/systemd/systemd ]]; then
  say "debootstrap bookworm into $ROOTFS from $DEBIAN_MIRROR"
  start=$(now)
  debootstrap --variant=minbase --include=systemd,systemd-sysv,dbus,sudo,curl,jq,ca-certificates \
    bookworm "$ROOTFS" "$DEBIAN_MIRROR" >"$LOG_DIR/debootstrap.log" 2>&1 ||
    die "debootstrap failed: $LOG_DIR/debootstrap.log"
  # Debian's Node, which the README uses only to run install-node.mjs (debootstrap's --include
  # cannot resolve it; npm is left out: install-node.mjs needs it only to fetch, not here).
  cp /etc/resolv.conf "$ROOTFS/etc/resolv.conf"
  chroot "$ROOTFS" sh -c 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nodejs' \
    >>"$LOG_DIR/debootstrap.log" 2>&1 || die "apt-get install nodejs failed: $LOG_DIR/debootstrap.log"
  say "debootstrap took $(elapsed "$start" "$(now)") s"
fi
echo "$MACHINE" >"$ROOTFS/etc/hostname"
grep -qs "$MACHINE" "$ROOTFS/etc/hosts" || printf '127.0.1.1\t%s\n' "$MACHINE" >>"$ROOTFS/etc/hosts" # as Debian's installer does
# What the README's steps 2–3 produce without the internet: the built repository (git clone +
# npm ci + npm run build) and the pinned Node in install-node.mjs's cache (it then only links it).
say "copying the built repository to /opt/agencia-portal"
rm -rf "$ROOTFS/opt/agencia-portal" "$ROOTFS/opt/agencia-node"
mkdir -p "$ROOTFS/opt/agencia-portal" "$ROOTFS/opt/agencia-node"
tar -C "$REPO" --exclude=./.git --exclude=./.tmp --exclude=./data --exclude=./test-results \
  --exclude=./playwright-report --exclude=./coverage -cf - . | tar -C "$ROOTFS/opt/agencia-portal" -xf -
cp -a "$NODE_CACHE/$NODE_PKG-$NODE_VERSION" "$ROOTFS/opt/agencia-node/"
chown -R root:root "$ROOTFS/opt/agencia-portal" "$ROOTFS/opt/agencia-node"

# The README's first-deploy block, one command per line (continuations joined).
awk '/^### First deploy, from an empty server/ { section = 1 } section && /^```sh/ { block = 1; next }
  block && /^```/ { exit } block { print }' "$REPO/README.md" |
  sed -e ':a' -e '/\\$/N; s/\\\n//; ta' | grep -vE '^\s*(#|$)' >"$LOG_DIR/readme-steps.sh"
[[ -s $LOG_DIR/readme-steps.sh ]] || die "README.md has no first-deploy block"
{
  echo 'set -e'
  while IFS= read -r line; do
    if [[ $line =~ apt-get|git\ clone|npm\ ci|npm\ run\ build|nano\ |[Cc]addy ]]; then
      printf 'echo %q\n' "skipped (needs the internet or Caddy): $line"
    else
      printf 'echo %q\n%s\n' "+ $line" "$line"
    fi
  done <"$LOG_DIR/readme-steps.sh"
} >"$ROOTFS/root/first-deploy.sh"

# A reused system (KEEP_ROOTFS=1) starts again from the README's step 1.
if grep -q '^agencia:' "$ROOTFS/etc/passwd"; then
  say "resetting the previous run's user, settings, data and unit"
  chroot "$ROOTFS" userdel agencia >/dev/null 2>&1
  rm -rf "$ROOTFS/var/lib/agencia-portal" "$ROOTFS/etc/agencia-portal" "$ROOTFS/var/log/journal"/* \
    "$ROOTFS/etc/systemd/system/agencia-portal@.service" \
    "$ROOTFS/etc/systemd/system/multi-user.target.wants/agencia-portal@$PORT.service"
fi

# --- 3. Boot it ----------------------------------------------------------------------------------
say "booting $ROOTFS (systemd-nspawn --boot, private network)"
# --register=no --keep-unit: the host has no systemd (machined, scopes) to talk to.
systemd-nspawn -D "$ROOTFS" -M "$MACHINE" --boot --register=no --keep-unit --private-network \
  --console=read-only >"$LOG_DIR/console.log" 2>&1 &
NSPAWN_PID=$!
for _ in $(seq 100); do
  CT_PID=$(pgrep -P "$NSPAWN_PID" | head -1)
  [[ -n $CT_PID ]] && break
  sleep 0.1
done
[[ -n $CT_PID ]] || die "the container did not start: $LOG_DIR/console.log"
# Until the container's D-Bus answers, systemctl cannot ask; then wait for the boot to finish.
for _ in $(seq 120); do
  state=$(ct systemctl is-system-running --wait 2>&1)
  [[ $state == *"Failed to connect"* ]] || break
  sleep 0.5
done
SYSTEMD_VERSION=$(ct systemctl --version | head -1)
say "container: $SYSTEMD_VERSION, system $state"
check "systemd is PID 1 in the container and the system is up ($state)" \
  test "$(ct cat /proc/1/comm)" = systemd -a "$state" = running

# --- 4. The README's first deploy ------------------------------------------------------------
say "running the README's first-deploy commands (log: $LOG_DIR/first-deploy.log)"
start=$(now)
ct_sh 'cd /root && timeout 300 bash /root/first-deploy.sh' >"$LOG_DIR/first-deploy.log" 2>&1
deploy_code=$?
enabled_at=$(ct systemctl show -P ExecMainStartTimestampMonotonic "$UNIT")
sed 's/^/    /' "$LOG_DIR/first-deploy.log"
check "README first-deploy commands run without error (exit $deploy_code)" test "$deploy_code" = 0

start=$(now)
wait_ready 60
ready_after_enable=$?
check "$UNIT is active and /api/health/ready answers 200" test "$ready_after_enable" = 0
up_s=$(ct awk -v t="$enabled_at" '{ printf "%.1f", $1 - t / 1e6 }' /proc/uptime)
say "ready ${up_s} s after systemd started the process"
check "/api/health answers 200" \
  test "$(ct curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/api/health")" = 200

pid=$(main_pid)
check "the process runs as user agencia (uid $(ct stat -c %u "/proc/$pid" 2>/dev/null))" \
  test "$(ct stat -c %U "/proc/$pid")" = agencia
check "it runs the pinned Node $NODE_VERSION" \
  test "$(ct readlink -f "/proc/$pid/exe")" = "/opt/agencia-node/$NODE_PKG-$NODE_VERSION/bin/node"
nofile=$(ct awk '/Max open files/ { print $4 "/" $5 }' "/proc/$pid/limits")
pid1_hard=$(ct awk '/Max open files/ { print $5 }' /proc/1/limits)
pid1_caps=$(ct awk '/^CapBnd/ { print $2 }' /proc/1/status)
if [[ $nofile != 65536/65536 && $pid1_hard -lt 65536 ]] && (((16#$pid1_caps >> 24 & 1) == 0)); then
  # Raising a hard limit takes CAP_SYS_RESOURCE, which this host withholds from the container.
  skip "LimitNOFILE=65536 (open files $nofile: the container's PID 1 may not go past $pid1_hard here)"
else
  check "LimitNOFILE applies (open files soft/hard: $nofile)" test "$nofile" = 65536/65536
fi
check "/var/lib/agencia-portal is 0700 agencia:agencia" \
  test "$(ct stat -c '%a %U:%G' /var/lib/agencia-portal)" = "700 agencia:agencia"
check "generated keys jwt-secret, totp-key, ecf-key are 0600 agencia" ct_sh \
  'for f in jwt-secret totp-key ecf-key; do [ "$(stat -c "%a %U" /var/lib/agencia-portal/$f)" = "600 agencia" ] || exit 1; done'
check "PGlite data in /var/lib/agencia-portal/pglite (PG_VERSION)" ct test -s /var/lib/agencia-portal/pglite/PG_VERSION
check "no file in the data folder belongs to another user" ct_sh \
  '[ -z "$(find /var/lib/agencia-portal ! -user agencia)" ]'
check "the sandbox holds: own mounts, /opt read-only, no capabilities, no new privileges, seccomp" ct_sh "
  [ \"\$(readlink /proc/$pid/ns/mnt)\" != \"\$(readlink /proc/1/ns/mnt)\" ] &&
  ! nsenter -t $pid -m touch /opt/agencia-portal/.probe 2>/dev/null &&
  grep -q '^CapEff:.0000000000000000' /proc/$pid/status && grep -q '^NoNewPrivs:.1' /proc/$pid/status &&
  grep -q '^Seccomp:.2' /proc/$pid/status"

# The first administrator (README step 5 ran create-admin before the start): sign in.
login=$(ct curl -s -H 'content-type: application/json' \
  -d "{\"email\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}" "http://127.0.0.1:$PORT/api/auth/login")
signed_in() { ct jq -e '.success == true' <<<"$login" >/dev/null; }
check "the administrator made by create-admin signs in" signed_in

# A backup, with the README's command (production "Backups"): the service user, the service's
# settings; on PGlite the running server writes it, asked through DATA_DIR/backup.sock.
awk '/^### Backups/ { s = 1 } s && /^```sh/ { b = 1; next } b && /^```/ { exit } b { print }' "$REPO/README.md" \
  >"$ROOTFS/root/backup.sh"
ct_sh 'set -e; bash -x /root/backup.sh' >"$LOG_DIR/backup.log" 2>&1
backup_code=$?
sed 's/^/    /' "$LOG_DIR/backup.log"
check "the README's backup command (exit $backup_code) writes an archive owned by agencia into /var/lib/agencia-portal/backups" \
  ct_sh "[ $backup_code = 0 ] && f=\$(ls /var/lib/agencia-portal/backups/agencia-backup-*-cli.tar.gz | head -1) && [ \"\$(stat -c %U \"\$f\")\" = agencia ]"

# kill -9: systemd restarts it after RestartSec.
restart_sec=$(ct systemctl show -P RestartUSec "$UNIT")
old=$(main_pid)
killed_at=$(now)
ct_sh "kill -KILL $old"
new=
for _ in $(seq 300); do
  new=$(main_pid)
  [[ $new != 0 && $new != "$old" ]] && break
  sleep 0.1
done
restarted_at=$(now)
wait_ready 60
restarted_ready=$?
ready_at=$(now)
restart_delay=$(elapsed "$killed_at" "$restarted_at")
check "kill -9 → restarted by systemd after ${restart_delay} s (RestartSec=$restart_sec), ready $(elapsed "$killed_at" "$ready_at") s after the kill" \
  test "$new" != "$old" -a "$new" != 0 -a "$restarted_ready" = 0 -a "${restart_delay%.*}" -ge 5
check "NRestarts is 1" test "$(ct systemctl show -P NRestarts "$UNIT")" = 1

# systemctl stop: SIGTERM, the app's own clean shutdown, well inside TimeoutStopSec.
stop_from=$(ct date '+%Y-%m-%d %H:%M:%S')
start=$(now)
ct systemctl stop "$UNIT"
stop_s=$(elapsed "$start" "$(now)")
result=$(ct systemctl show -P Result "$UNIT")
status=$(ct systemctl show -P ExecMainStatus "$UNIT")
check "systemctl stop → stopped in ${stop_s} s (TimeoutStopSec=20), Result=$result, exit status $status" \
  test "$result" = success -a "$status" = 0
check "the journal has the app's JSON shutdown line (signal SIGTERM)" ct_sh \
  "journalctl -u $UNIT --since '$stop_from' -o cat | grep '^{' | jq -e 'select(.msg == \"shutting down\" and .signal == \"SIGTERM\")' | grep -q ."

# A cold start, timed.
start=$(now)
ct systemctl start "$UNIT"
wait_ready 60
cold=$?
start_s=$(elapsed "$start" "$(now)")
check "systemctl start → ready in ${start_s} s" test "$cold" = 0

# Logs: one JSON object per line from the app; the README's journald commands work.
ct journalctl -u "$UNIT" -o cat >"$LOG_DIR/journal.txt"
app_lines=$(ct journalctl -u "$UNIT" -o cat _TRANSPORT=stdout | wc -l)
bad_lines=$(ct_sh "journalctl -u $UNIT -o cat _TRANSPORT=stdout | jq -R 'fromjson? // \"bad\" | select(. == \"bad\")' | wc -l")
check "the app's $app_lines journal lines are all JSON ($bad_lines are not)" test "$bad_lines" = 0 -a "$app_lines" -gt 0
while IFS= read -r command; do
  out=$(ct_sh "$command 2>&1 >/dev/null | head -3")
  code=$(ct_sh "set -o pipefail; $command >/dev/null 2>&1; echo \$?")
  check "README log command runs cleanly: ${command:0:70}… (exit $code${out:+, \"$out\"})" test "$code" = 0 -a -z "$out"
done < <(awk '/^### Seeing how it runs/ { s = 1 } s && /^ *```sh/ { b = 1; next } b && /^ *```/ { exit }
  b { sub(/^ +/, ""); sub(/ +#.*$/, ""); sub(/ -f /, " "); gsub(/9f1c…/, "none"); print }' "$REPO/README.md")
check "no EPERM / seccomp trouble in the journal" \
  bash -c "! grep -qiE 'operation not permitted|EPERM|seccomp' '$LOG_DIR/journal.txt'"

ct systemd-analyze security "$UNIT" >"$LOG_DIR/security.txt" 2>&1
score=$(tail -1 "$LOG_DIR/security.txt" | sed 's/.*exposure level for [^:]*: //')
say "systemd-analyze security $UNIT: $score"
check "systemd-analyze security rates it ($score)" test -n "$score"

# Give up after StartLimitBurst crashes in StartLimitIntervalSec.
for _ in $(seq 8); do
  [[ $(ct systemctl is-failed "$UNIT") == failed ]] && break
  pid=$(main_pid)
  if [[ $pid != 0 ]]; then
    ct_sh "kill -KILL $pid"
    # Until systemd restarted it (a new PID) or gave up.
    for _ in $(seq 150); do
      p=$(main_pid)
      [[ $p != 0 && $p != "$pid" ]] && break
      [[ $(ct systemctl is-failed "$UNIT") == failed ]] && break
      sleep 0.1
    done
  fi
  sleep 0.5
done
check "after repeated crashes it gives up and shows failed ($(ct systemctl show -P Result "$UNIT"))" \
  test "$(ct systemctl is-failed "$UNIT")" = failed

echo
echo "── verify-systemd: $SYSTEMD_VERSION, Node $NODE_VERSION ──"
printf '%s\n' "${SUMMARY[@]}"
echo "ready after enable: ${up_s} s · cold start: ${start_s} s · restart after kill -9: ${restart_delay} s · stop: ${stop_s} s · security: $score"
echo "$PASSED passed, $FAILED failed, $SKIPPED skipped"
[[ $FAILED == 0 ]]
