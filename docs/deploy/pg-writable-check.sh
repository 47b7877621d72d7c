#!/bin/sh
# HAProxy's health check for a PostgreSQL node (docs/deploy/haproxy-postgres.cfg, `external-check`).
# HAProxy calls it with: <proxy address> <proxy port> <server address> <server port>, and names
# the server in HAPROXY_SERVER_NAME. A server whose name ends in `_rw` is up only while its node
# takes writes; one ending in `_ro` only while it is a standby in recovery.
#
# "Takes writes" is checked as libpq's target_session_attrs=read-write does: not in recovery
# AND not read-only. While pg_auto_failover promotes a standby, the node has left recovery but
# still has default_transaction_read_only = on (until it reaches wait_primary); a check on
# pg_is_in_recovery() alone would send writes there too early.
# Exit 0: up; anything else: down.
want=rw
case "$HAPROXY_SERVER_NAME" in *_ro) want=ro ;; esac
state=$(PGCONNECT_TIMEOUT=3 psql -h "$3" -p "$4" -U "${PGCHECK_USER:-postgres}" -d "${PGCHECK_DB:-postgres}" -XAtqc \
  "select case when pg_is_in_recovery() then 'ro' when current_setting('transaction_read_only')::bool then 'ro-primary' else 'rw' end" 2>/dev/null)
[ "$state" = "$want" ]
