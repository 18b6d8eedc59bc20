-- In-app notifications (issue 28 C3): the bell's inbox. One row per person and event, written in
-- the same transaction as the change that causes it (an overspend, a mention, a comment on a plan
-- of one's teams, a team change), honouring the same choices as the mails.
CREATE TABLE inbox_notifications (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL,
  user_id uuid NOT NULL,
  kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 32),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
  body text NOT NULL DEFAULT '' CHECK (length(body) <= 2000),
  link text NOT NULL CHECK (length(link) BETWEEN 1 AND 300),
  created_at timestamptz NOT NULL,
  read_at timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);

CREATE INDEX inbox_notifications_by_person ON inbox_notifications (tenant_id, user_id, created_at DESC);
CREATE INDEX inbox_notifications_unread ON inbox_notifications (tenant_id, user_id) WHERE read_at IS NULL;
