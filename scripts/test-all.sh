#!/usr/bin/env bash
# The one test command (README, .ci/run): installs what the browser tests need, then runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's chromium, and its headless shell that the browser tests run (playwright.config.ts).
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/lib/chromium/chromium-headless-shell ]; then
  if [ "$(id -u)" = "0" ]; then
    echo "== installing Debian's chromium and chromium-headless-shell"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
  elif [ ! -x /usr/bin/chromium ]; then
    echo "Debian's chromium is missing: run 'sudo apt-get install -y chromium chromium-headless-shell' (or set CHROMIUM_PATH)." >&2
    exit 1
  fi
fi

# The browser tests play a desktop whose user has answered Chromium's "open the BankID app?" prompt with "always
# allow" for this product: without that, the prompt (invisible in a headless browser, and answered by no installed
# app) holds every later click and key press on the signing page. A managed policy of Debian's chromium does that
# for bankid:// links of localhost only; tests/e2e/decision.spec.ts checks that it is there.
policy=/etc/chromium/policies/managed/overlatelseportalen-e2e.json
policy_json='{"AutoLaunchProtocolsFromOrigins":[{"protocol":"bankid","allowed_origins":["localhost"]}]}'
if [ "$(cat "$policy" 2>/dev/null)" != "$policy_json" ]; then
  if [ "$(id -u)" = "0" ]; then
    echo "== writing Chromium's policy for bankid:// links ($policy)"
    mkdir -p "$(dirname "$policy")" && printf '%s\n' "$policy_json" >"$policy"
  else
    echo "Chromium's policy for bankid:// links is missing: run this script once as root, or write" >&2
    echo "$policy_json to $policy" >&2
    exit 1
  fi
fi

start=$(date +%s)
step() { echo; echo "== $1 ($(( $(date +%s) - start ))s)"; }

# Two lanes for the two cores: the type check beside lint and formatting (each lane one process at a time; three
# side by side only added waiting). 44-51 s against 56-66 s one after another, four runs each. The type check's
# output follows once both lanes are done.
step "typecheck, beside lint and formatting"
typecheck_log=$(mktemp)
npm run -s typecheck >"$typecheck_log" 2>&1 & typecheck=$!
lanes_failed=0
npm run -s lint && npm run -s format:check || lanes_failed=1
if wait "$typecheck"; then echo "-- typecheck passed"; else cat "$typecheck_log"; echo "-- typecheck FAILED"; lanes_failed=1; fi
rm -f "$typecheck_log"
[ "$lanes_failed" = 0 ] || exit 1
step "build"; npm run -s build
# Vitest's projects (vitest.config.ts): the unit tests (shared and isolated), then the integration tests.
step "unit tests"; npx vitest run --project unit --project unit-isolated
step "integration tests"; npx vitest run --project integration
step "browser tests (JavaScript on and off)"; npx playwright test
step "all tests passed"
