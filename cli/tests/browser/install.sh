#!/usr/bin/env bash
# Installs Debian's Chromium for the browser test of the `cute` pictures
# (cli/tests/browser.rs). Run as root (or through sudo) on a Debian machine:
#     bash cli/tests/browser/install.sh
# The test skips, saying so, when no chromium is on PATH.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
    echo "chromium already installed: $(chromium --version 2>/dev/null || true)"
    exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends chromium fonts-dejavu-core
chromium --version
