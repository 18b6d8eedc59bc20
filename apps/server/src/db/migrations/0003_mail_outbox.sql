-- Durable outbox for e-mail (DESIGN.md §1): written in the same transaction as the change that
-- sends it, drained by a worker with retries. Not tenant-owned: sign-up mail has no tenant yet.
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY,
  tenant_id uuid,
  kind text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  html_body text NOT NULL,
  text_body text NOT NULL,
  links jsonb NOT NULL DEFAULT '[]'::jsonb,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending';
