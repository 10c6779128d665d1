#!/usr/bin/env bash
# Quick start: installs everything, prepares the SQLite database (migrations, and the demo library from
# ../shared/fixtures/corpus when the library is empty and that folder exists), builds and starts the production
# app at http://localhost:3000 (PORT overrides the port).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node22.sh
echo "critica: node $(node --version), npm $(npm --version)"
npm install --no-audit --no-fund
npm run db:deploy
DEMO_CORPUS="${CRITICA_DEMO_CORPUS:-../shared/fixtures/corpus}"
if [ -d "$DEMO_CORPUS" ] && [ "$(npx tsx --conditions=react-server scripts/library-count.ts)" = "0" ]; then
  echo "critica: importing the demo library from $DEMO_CORPUS"
  npm run library:import -- "$DEMO_CORPUS/bc5cdr_pubtator" "$DEMO_CORPUS/medline16n0902_sample_604.xml"
fi
npm run build
exec npm start -- -p "${PORT:-3000}"
