#!/usr/bin/env bash
# `npm test`: every check and every suite, then one line `N passed, N failed` over all of them.
# Steps keep running after a failure so one run shows everything that is wrong.
set -uo pipefail
cd "$(dirname "$0")/.."
reports=.tmp/reports
rm -rf "$reports" && mkdir -p "$reports"
failed_steps=()

# Each step's report says whether it passed and how long it took (the summary lists the times).
step() {
  local name=$1
  shift
  echo
  echo "=== $name"
  local started=$SECONDS passed=true
  "$@" || passed=false
  echo "{\"step\":\"$name\",\"passed\":$passed,\"seconds\":$((SECONDS - started))}" \
    >"$reports/step-$name.json"
  [ "$passed" = true ] || failed_steps+=("$name")
}

vitest_run() {
  local report=$1
  shift
  npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$reports/$report.json"
}

# The three static checks each keep about one core busy: they run side by side, and each one's
# output is then shown whole under its own heading.
run_static_check() {
  local name=$1
  shift
  "$@" >"$reports/static-$name.log" 2>&1
  echo $? >"$reports/static-$name.status"
}
replay_static_check() {
  cat "$reports/static-$1.log"
  return "$(cat "$reports/static-$1.status")"
}
static_started=$SECONDS
run_static_check typecheck npm run --silent typecheck &
run_static_check lint npx eslint . &
run_static_check format npx prettier --check . --log-level warn &
wait
echo "{\"seconds\":$((SECONDS - static_started))}" >"$reports/static-checks-time.json"
for check in typecheck lint format; do step "$check" replay_static_check "$check"; done
step unit vitest_run unit --project unit
step api-pglite vitest_run api-pglite --project api
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  API_TEST_DB=postgres step api-postgres vitest_run api-postgres --project api
else
  echo
  echo "=== api-postgres skipped: set TEST_DATABASE_URL to run the API tests on PostgreSQL too"
fi
# The reliability battery (docs/reliability.md): its crash and cut-off parts need PostgreSQL.
API_TEST_DB="${TEST_DATABASE_URL:+postgres}" step resilience vitest_run resilience --project resilience
step build npm run --silent build
step bundle-size npx tsx scripts/check-bundle-size.ts
# The build above is the one the browsers get; a failed build leaves the end-to-end run to build.
built_web=0
[[ " ${failed_steps[*]} " != *" build "* ]] && built_web=1
E2E_USE_EXISTING_BUILD=$built_web PLAYWRIGHT_JSON_OUTPUT_FILE="$reports/e2e.json" \
  step e2e bash scripts/test-e2e.sh --reporter=list,json

echo
[ ${#failed_steps[@]} -gt 0 ] && echo "Failed steps: ${failed_steps[*]}"
npx tsx scripts/summarize-test-reports.ts "$reports"
[ ${#failed_steps[@]} -eq 0 ]
