#!/usr/bin/env bash
# The whole test suite from a fresh clone: installs everything (Node 22, npm packages, Debian's Chromium when
# missing, and PostgreSQL for the Postgres tests), type-checks, lints, runs the unit tests (vitest) and the browser
# tests (Playwright on the production build), then prints one closing line "N passed, M failed".
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node22.sh
echo "critica: node $(node --version), npm $(npm --version)"
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "critica: installing Debian's Chromium for the browser tests"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
source scripts/postgres-for-tests.sh
npm install --no-audit --no-fund
# The vocabulary tests need the gene and GO lexicon (docs/architecture.md, Vocabularies): fail here when it cannot be built.
npm run vocab:build
npm run typecheck
npm run lint
mkdir -p test-results
status=0
npx vitest run --reporter=default --reporter=json --outputFile=test-results/vitest.json || status=1
CRITICA_BUILD_TYPECHECKED=1 npm run build
# Integration tests on the production build: they start, kill -9 and restart real `next start` processes they own.
npx vitest run -c vitest.integration.config.mts --reporter=default --reporter=json --outputFile=test-results/integration.json || status=1
PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright.json npx playwright test --reporter=list,json || status=1
node scripts/test-summary.mjs test-results/vitest.json test-results/integration.json test-results/playwright.json
exit $status
