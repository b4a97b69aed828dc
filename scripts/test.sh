#!/usr/bin/env bash
# `npm test`. Two groups run side by side: they share no state (every test that needs a database makes its own).
# - server: the unit, server and component suites and the machines' path tests, one vitest process, two workers;
# - browser: the browser and fleet suites and the JavaScript budget (`npm run size`, on the build they use), in
#   scripts/browser-lanes.ts: two lanes beside the server group, a third once the server group is done.
# Then the path coverage report, after both: it also shows what the browser's model-based UI tests reached.
set -uo pipefail
cd "$(dirname "$0")/.."

npx tsx tests/paths/report.ts --clear

# The server group's output is also kept in a file: CI shows only the end of a run's output, so its failures are
# printed again at the end. Each file's results, with its time, go to .tmp/server-group.json and .tmp/browser/:
# `npx tsx scripts/slowest-tests.ts` lists the slowest files, to see where a CI run's time goes.
mkdir -p .tmp
server_log=.tmp/server-group.log
rm -f .tmp/server-group.done
(
  set -o pipefail
  npx vitest run --maxWorkers=2 --project node --project chains --project 'server-*' --project jsdom --project paths \
    --reporter=default --reporter=json --outputFile=.tmp/server-group.json 2>&1 |
    sed -u 's/^/[server] /' | tee "$server_log"
  status=$?
  touch .tmp/server-group.done
  exit $status
) &
server=$!
npx tsx scripts/browser-lanes.ts
browser=$?
wait "$server"
server_status=$?

npx tsx tests/paths/report.ts
report=$?

npx tsx scripts/slowest-tests.ts 15

if [ "$server_status" -ne 0 ]; then
  echo "npm test: the server or component suites, or the path tests, failed. Their failures again:"
  sed 's/\x1b\[[0-9;]*m//g' "$server_log" | grep -E '^\[server\] +(FAIL|×|Error:|AssertionError)' | head -n 40
fi
if [ "$browser" -ne 0 ]; then
  echo "npm test: the browser suites or the JavaScript budget failed"
  # Each failed browser run's summary of failures (vitest prints it last), again.
  for log in .tmp/browser/*.failed.log; do
    [ -e "$log" ] || continue
    echo "--- $(head -n 1 "$log")"
    plain=$(sed 's/\x1b\[[0-9;]*m//g' "$log")
    summary=$(sed -n '/Failed Tests\|Unhandled Error/,$p' <<<"$plain")
    # No summary (a crash, a run that would not end): its last lines instead.
    [ -n "$summary" ] || summary=$(tail -n 30 <<<"$plain")
    head -n 60 <<<"$summary"
  done
fi
if [ "$report" -ne 0 ]; then echo "npm test: a machine's path coverage is below 100 %"; fi
[ $((server_status + browser + report)) -eq 0 ]
