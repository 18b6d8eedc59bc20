-- Rate-limit counters shared by every instance on PostgreSQL (rate-limiter-flexible's
-- RateLimiterPostgres layout: key = '<prefix>:<key>', expire = epoch milliseconds).
-- PGlite keeps its counters in memory; the table stays empty there.
CREATE TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX rate_limits_expire_idx ON rate_limits (expire);
