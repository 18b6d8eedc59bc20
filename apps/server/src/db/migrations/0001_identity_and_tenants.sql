-- Tenants, their users and sessions (DESIGN.md §3, §4).
-- Every tenant-owned table has tenant_id first in its primary key and composite foreign keys
-- (tenant_id, parent_id), so the database refuses cross-tenant links and tables can be
-- distributed by tenant_id.

CREATE TABLE tenants (
  id uuid PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  plan_code text NOT NULL DEFAULT 'starter' CHECK (plan_code IN ('starter', 'agility', 'performance', 'enterprise')),
  meta_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  email text NOT NULL CHECK (email = lower(email)),
  -- null until the person completes an invitation
  password_hash text,
  first_name text NOT NULL,
  last_name text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  tenant_role text NOT NULL CHECK (tenant_role IN ('owner', 'admin', 'member')),
  -- bumped on logout, password change and deactivation: access tokens carrying an older one are refused
  token_version integer NOT NULL DEFAULT 0,
  meta_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  notification_settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
-- Sign-in is by e-mail alone, so an address belongs to one account across all tenants.
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE UNIQUE INDEX users_id_key ON users (id);

-- Refresh tokens, stored only as SHA-256; one family per sign-in, rotated on every use.
CREATE TABLE refresh_tokens (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL,
  user_id uuid NOT NULL,
  family_id uuid NOT NULL,
  token_hash text NOT NULL,
  family_started_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz,
  revoked_at timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX refresh_tokens_hash_key ON refresh_tokens (token_hash);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (tenant_id, family_id);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (tenant_id, user_id);

-- Single-use keys mailed to users: password recovery (1 h) and invitations (7 days). Stored hashed.
CREATE TABLE user_keys (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL,
  user_id uuid NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('recovery', 'invitation')),
  key_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX user_keys_hash_key ON user_keys (key_hash);
CREATE INDEX user_keys_user_idx ON user_keys (tenant_id, user_id, purpose);

CREATE TABLE teams (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX teams_name_key ON teams (tenant_id, lower(name));

-- Team roles (GetRoles): 1 Lead, 2 Planner, 3 Viewer.
CREATE TABLE team_members (
  tenant_id uuid NOT NULL,
  team_id uuid NOT NULL,
  user_id uuid NOT NULL,
  team_role_id smallint NOT NULL CHECK (team_role_id IN (1, 2, 3)),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, team_id, user_id),
  FOREIGN KEY (tenant_id, team_id) REFERENCES teams (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX team_members_user_idx ON team_members (tenant_id, user_id);
