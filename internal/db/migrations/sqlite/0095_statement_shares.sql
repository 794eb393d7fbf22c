-- Customer statements shared by link (docs/reports.md "Customer statement
-- by link"): a snapshot of the customerReconciliation report of one
-- customer and period, as its creator saw it, opened without signing in by
-- the holder of a random token (only its SHA-256 is stored), until it
-- expires or is revoked; the customer answers once: agree (1) or dispute (2)
-- with a comment (plain text).
CREATE TABLE statement_shares (
  id          INTEGER PRIMARY KEY,
  shop_id     BIGINT NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  contact_id  BIGINT NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
  begin_date  TEXT NOT NULL,
  end_date    TEXT NOT NULL,
  show_goods  SMALLINT NOT NULL DEFAULT 0,
  lang        TEXT NOT NULL,
  token_hash  TEXT NOT NULL UNIQUE,
  snapshot    TEXT NOT NULL,
  closing     BIGINT NOT NULL DEFAULT 0,
  expires_at  TIMESTAMP NOT NULL,
  revoked     SMALLINT NOT NULL DEFAULT 0,
  created_by  BIGINT REFERENCES users (id) ON DELETE SET NULL,
  created_at  TIMESTAMP NOT NULL,
  answer      SMALLINT NOT NULL DEFAULT 0,
  comment     TEXT NOT NULL DEFAULT '',
  answered_at TIMESTAMP,
  answer_ip   TEXT NOT NULL DEFAULT ''
);
CREATE INDEX statement_shares_shop ON statement_shares (shop_id, contact_id, id);
