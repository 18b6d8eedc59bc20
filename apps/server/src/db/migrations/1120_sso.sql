-- Issue 35 part A / DESIGN.md §18: OpenID Connect single sign-on for Enterprise accounts.
-- One row of settings per account. The client secret is never stored as given: client_secret_sealed is
-- AES-256-GCM under SSO_SECRET_KEY (lib/secret-box.ts, 'v1.<iv>.<tag>.<ciphertext>'). version counts
-- changes (migration 0980's trigger) for the 409 of a stale Save.
CREATE TABLE sso_settings (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  issuer_url text NOT NULL CHECK (length(issuer_url) BETWEEN 1 AND 500),
  client_id text NOT NULL CHECK (length(client_id) BETWEEN 1 AND 255),
  client_secret_sealed text NOT NULL CHECK (client_secret_sealed LIKE 'v1.%'),
  default_role text NOT NULL CHECK (default_role IN ('admin', 'member')),
  require_sso boolean NOT NULL DEFAULT false,
  enabled boolean NOT NULL DEFAULT true,
  changed_by uuid,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id)
);
CREATE TRIGGER sso_settings_version BEFORE UPDATE ON sso_settings FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();

-- The e-mail domains whose people sign in through the account's IdP. A domain belongs to one account:
-- Start finds the account by it (before any tenant is known), so it is unique across accounts.
CREATE TABLE sso_domains (
  tenant_id uuid NOT NULL,
  domain text NOT NULL CHECK (domain = lower(domain) AND length(domain) BETWEEN 3 AND 253),
  PRIMARY KEY (tenant_id, domain),
  FOREIGN KEY (tenant_id) REFERENCES sso_settings (tenant_id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX sso_domains_domain_key ON sso_domains (domain);

-- A sign-in in progress (Start → the IdP → /sso/callback): the state (kept as its SHA-256), the nonce and
-- the PKCE code_verifier, for 10 minutes, in the database so any instance can finish what another
-- started. The state sent to the IdP starts with the tenant id, so the callback's lookup is pinned to it.
-- Deleted when used (single use) and when expired.
CREATE TABLE sso_logins (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  state_hash text NOT NULL CHECK (state_hash ~ '^[0-9a-f]{64}$'),
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  email text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX sso_logins_state_key ON sso_logins (tenant_id, state_hash);
CREATE INDEX sso_logins_expiry_idx ON sso_logins (tenant_id, expires_at);

-- The one-time code the callback hands to the SPA (/login/sso#handoff=…), exchanged by Complete for a
-- session: kept as its SHA-256, 60 seconds, single use (used_at). It starts with the tenant id too.
CREATE TABLE sso_handoffs (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL,
  user_id uuid NOT NULL,
  code_hash text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX sso_handoffs_code_key ON sso_handoffs (tenant_id, code_hash);
CREATE INDEX sso_handoffs_expiry_idx ON sso_handoffs (tenant_id, expires_at);
