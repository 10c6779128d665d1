#!/usr/bin/env bash
# Quick start: installs everything, prepares the SQLite database (migrations, and the demo library from
# ../shared/fixtures/corpus when the library is empty and that folder exists), builds and starts the production
# app at http://localhost:3000 (PORT overrides the port).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node22.sh
echo "critica: node $(node --version), npm $(npm --version)"
npm install --no-audit --no-fund
# Gene and GO vocabularies for typed mechanism chains (docs/architecture.md, Vocabularies); the app runs without them.
npm run vocab:build || echo "critica: warning: vocabularies not built (needs apt-get and dpkg-deb); chains will leave targets unnormalised" >&2
npm run db:deploy
DEMO_CORPUS="${CRITICA_DEMO_CORPUS:-../shared/fixtures/corpus}"
if [ -d "$DEMO_CORPUS" ] && [ "$(npx tsx --conditions=react-server scripts/library-count.ts)" = "0" ]; then
  echo "critica: importing the demo library from $DEMO_CORPUS"
  npm run library:import -- "$DEMO_CORPUS/bc5cdr_pubtator" "$DEMO_CORPUS/medline16n0902_sample_604.xml"
fi
npm run build
if [ "${CRITICA_AUTH:-on}" != "off" ]; then
  echo "critica: accounts are on: open the app and sign up; the first account becomes the administrator (CRITICA_AUTH=off for a single-user install)"
fi
exec npm start -- -p "${PORT:-3000}"
