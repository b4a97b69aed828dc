#!/usr/bin/env bash
# `npm test`. The server and component suites run beside the browser suites, in two vitest processes: they share
# no state (every test that needs a database makes its own), and the browser suites spend much of their time
# waiting on Chromium and timers, so the two together take less wall time on two cores than one after the other.
# Then the machines' path coverage and the JavaScript budget.
set -uo pipefail
cd "$(dirname "$0")/.."

# Two workers: vitest's default on two cores is one, which left a core idle for the last quarter of a CI run (the
# PGlite repetition of the server suite, after the browser suites had finished).
(
  set -o pipefail
  npx vitest run --maxWorkers=2 --project node --project 'server-*' --project jsdom 2>&1 | sed -u 's/^/[server] /'
) &
server=$!
npx vitest run --project e2e --project fleet
browser=$?
wait "$server"
server_status=$?

if [ "$server_status" -ne 0 ]; then echo "npm test: the server and component suites failed"; fi
if [ "$browser" -ne 0 ]; then echo "npm test: the browser suites failed"; fi
[ "$server_status" -eq 0 ] && [ "$browser" -eq 0 ] || exit 1

npm run test:paths && npm run size
