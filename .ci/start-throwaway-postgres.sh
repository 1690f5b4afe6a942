#!/usr/bin/env bash
# Starts a disposable PostgreSQL on 127.0.0.1:55432 as user "pgci" and prints its URL.
set -euo pipefail
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
if [ -z "$bin" ]; then
  apt-get update -qq >&2 && apt-get install -y -qq postgresql >&2
  bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
fi
id pgci >/dev/null 2>&1 || useradd --system --create-home pgci
dir=/tmp/pgci-data
rm -rf "$dir" && mkdir -p "$dir" && chown pgci "$dir"
su pgci -c "$bin/initdb -D $dir -U postgres --auth=trust -E UTF8" >&2
su pgci -c "$bin/pg_ctl -D $dir -o '-p 55432 -k /tmp -c listen_addresses=127.0.0.1' -l $dir/log -w start" >&2
su pgci -c "$bin/createdb -h 127.0.0.1 -p 55432 -U postgres test" >&2
echo "postgres://postgres@127.0.0.1:55432/test"
