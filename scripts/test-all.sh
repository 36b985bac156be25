#!/usr/bin/env bash
# The one test command (README, .ci/run): installs what the browser tests need, then runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ]; then
    echo "== installing Debian's chromium"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Debian's chromium is missing: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH)." >&2
    exit 1
  fi
fi

start=$(date +%s)
step() { echo; echo "== $1 ($(( $(date +%s) - start ))s)"; }

step "typecheck"; npm run -s typecheck
step "lint and formatting"; npm run -s lint; npm run -s format:check
step "build"; npm run -s build
step "unit and integration tests"; npx vitest run
step "browser tests (JavaScript on and off)"; npx playwright test
step "all tests passed"
