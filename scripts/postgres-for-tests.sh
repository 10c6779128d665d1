# Sourced by scripts/test.sh: makes a local PostgreSQL server available to the Postgres tests and exports
# TEST_POSTGRES_URL (role "critica" with CREATEDB). Installs Debian's postgresql package when missing (~10 s).
# Leaves TEST_POSTGRES_URL unset (those tests are then skipped) when it cannot, e.g. without root.
if [ -z "${TEST_POSTGRES_URL:-}" ]; then
  if [ "$(id -u)" = 0 ] || command -v sudo >/dev/null; then
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    if ! command -v pg_ctlcluster >/dev/null; then
      echo "critica: installing PostgreSQL for the Postgres tests"
      $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
    fi
    cluster=$(pg_lsclusters -h 2>/dev/null | awk 'NR==1 {print $1" "$2}')
    if [ -n "$cluster" ]; then
      $SUDO pg_ctlcluster $cluster start 2>/dev/null || true
      $SUDO su postgres -c "psql -q -tAc \"SELECT 1 FROM pg_roles WHERE rolname='critica'\" | grep -q 1 || psql -q -c \"CREATE ROLE critica LOGIN CREATEDB PASSWORD 'critica'\"" \
        && port=$(pg_lsclusters -h | awk 'NR==1 {print $3}') \
        && export TEST_POSTGRES_URL="postgresql://critica:critica@127.0.0.1:${port}/postgres"
    fi
  fi
  [ -n "${TEST_POSTGRES_URL:-}" ] && echo "critica: Postgres tests use $TEST_POSTGRES_URL" || echo "critica: no PostgreSQL available; the Postgres tests are skipped"
fi
