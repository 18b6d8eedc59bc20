-- Issue 28 A4: a new tenant's time zone is the one the browser reported at sign-up (kept with the
-- registration until the e-mail is verified and the tenant is made), not UTC. Sign-ups begun before
-- this migration keep UTC.
ALTER TABLE registrations ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
