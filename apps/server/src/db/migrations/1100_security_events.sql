-- Issue 35 part G / DESIGN.md §18: the audit log's security events (sign-in, failed sign-in,
-- password change and reset, role change, deactivation, API tokens, SSO and webhook changes).
-- The audit log lists them together with the activities (the data's audit trail), newest first.
-- user_id is who acted (null when nobody signed in did, e.g. a failed sign-in); subject_user_id whom
-- it concerns; email the address tried when a sign-in fails. No foreign key to users: a record
-- outlives what it names, and an event is never changed after it is written.
CREATE TABLE security_events (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  kind text NOT NULL CHECK (kind IN ('sign_in', 'sign_in_failed', 'password_changed', 'password_reset', 'role_changed',
    'person_deactivated', 'token_created', 'token_revoked', 'sso_changed', 'webhook_changed')),
  user_id uuid,
  subject_user_id uuid,
  email text,
  ip text,
  entity_type text,
  entity_id uuid,
  summary text NOT NULL CHECK (length(summary) <= 1000),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX security_events_at_idx ON security_events (tenant_id, at DESC);

-- The audit log's retention per tenant (days, 30..3650; no row = the default 730): the daily prune
-- deletes older security events and activities.
CREATE TABLE audit_settings (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  retention_days integer NOT NULL CHECK (retention_days BETWEEN 30 AND 3650),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id)
);
