#!/bin/bash
# Entry point of the PostgreSQL image made here (images.mjs): what docker-compose.cluster.yml asks of the official
# image's. On an empty PGDATA it creates the cluster with POSTGRES_USER / POSTGRES_PASSWORD (password authentication
# over the network) and the database POSTGRES_DB, then runs the server as the postgres user. `postgres -c ...`
# passes settings; any other command runs as given.
set -euo pipefail

as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups -- "$@"; }

if [ "${1:-}" != postgres ]; then exec "$@"; fi
shift
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
if [ -z "${POSTGRES_PASSWORD:-}" ]; then
  echo "POSTGRES_PASSWORD is not set: the server would accept no password." >&2
  exit 1
fi
mkdir -p "$PGDATA" /var/run/postgresql
chown postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  password_file="$(mktemp)"
  printf '%s' "$POSTGRES_PASSWORD" >"$password_file"
  chown postgres "$password_file"
  as_postgres initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$password_file" -E UTF8 \
    --auth-local=trust --auth-host=scram-sha-256
  rm -f "$password_file"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  # The database, through the local socket only, before the server listens on the network.
  as_postgres pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start
  if [ "$POSTGRES_DB" != postgres ]; then as_postgres createdb -U "$POSTGRES_USER" "$POSTGRES_DB"; fi
  as_postgres pg_ctl -D "$PGDATA" -m fast -w stop
fi

exec setpriv --reuid=postgres --regid=postgres --init-groups -- postgres -D "$PGDATA" -c listen_addresses='*' "$@"
