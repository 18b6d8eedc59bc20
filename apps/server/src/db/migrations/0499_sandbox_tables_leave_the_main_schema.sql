-- Issue 16: the payment sandbox's tables are not part of the product's schema. They move to
-- db/migrations-sandbox/, applied only when the sandbox runs (no Stripe keys, not production).
-- 0400 created them everywhere; this takes them out again (a sandbox database gets them back at once).
DROP TABLE IF EXISTS stripe_sandbox_events;
DROP TABLE IF EXISTS stripe_sandbox_idempotency_keys;
DROP TABLE IF EXISTS stripe_sandbox_objects;
