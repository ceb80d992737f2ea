#!/usr/bin/env bash
# End-to-end tests in Debian's Chromium; installs it when missing and we are root.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium_path" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Chromium not found at $chromium_path: installing Debian's chromium…"
    apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium not found at $chromium_path. Install it with: sudo apt-get update && sudo apt-get install -y chromium" >&2
    echo "(or set CHROMIUM_PATH to a Chromium binary)" >&2
    exit 1
  fi
fi
exec npx playwright test "$@"
