#!/bin/sh
# Browser tests drive Debian's Chromium (never a downloaded browser) and need a Thai font to
# render /th pages; install both when missing.
set -e
if [ -x /usr/bin/chromium ] && fc-list 2>/dev/null | grep -qi tlwg; then exit 0; fi
echo "Installing Debian's chromium for the browser tests…"
SUDO=""
if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-thai-tlwg >/dev/null
