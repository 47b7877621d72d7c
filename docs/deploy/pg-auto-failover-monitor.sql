-- pg_auto_failover's monitor: how fast a dead primary is noticed and replaced
-- (docs/deploy/ha-postgres.md). Run once on the monitor as a superuser; applies without a restart.
-- Defaults (5000 / 5000 / 2 / 2000 / 20000 / 30000 ms) took about 50 s from a kill to a writable
-- standby; these take about 8 s on an idle machine. Each node's keeper keeps its own (2 s here)
-- `timeout.network_partition_timeout` (pg_autoctl config set, seconds) below
-- primary_demote_timeout, so that a primary cut off from the monitor and the standby stops taking
-- writes before the standby is promoted.
alter system set pgautofailover.health_check_period = 1000;
alter system set pgautofailover.health_check_timeout = 1000;
alter system set pgautofailover.health_check_max_retries = 1;
alter system set pgautofailover.health_check_retry_delay = 500;
alter system set pgautofailover.node_considered_unhealthy_timeout = 3000;
alter system set pgautofailover.primary_demote_timeout = 4000;
select pg_reload_conf();
