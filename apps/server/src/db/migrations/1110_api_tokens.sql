-- Issue 35 part H / DESIGN.md §18: API tokens. A token acts as its creator (user_id) with the
-- creator's rights at each call; scope 1 = read (every write refused), 2 = read-write. The token
-- itself is never stored: token_hash is the SHA-256 (hex) of the whole token (psk_…), found by the
-- auth plugin on every call made with it; prefix (its first 8 characters after psk_) tells tokens
-- apart in the list. last_used_at is written at most once a minute per token.
CREATE TABLE api_tokens (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL,
  user_id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  scope smallint NOT NULL CHECK (scope IN (1, 2)),
  token_hash text NOT NULL CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  prefix text NOT NULL,
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
-- A person's tokens (their list, the per-person cap).
CREATE INDEX api_tokens_user_idx ON api_tokens (tenant_id, user_id, created_at DESC);
-- The auth plugin's lookup; 32 random bytes make a hash unique, the index holds it to that.
CREATE UNIQUE INDEX api_tokens_hash_key ON api_tokens (token_hash);
