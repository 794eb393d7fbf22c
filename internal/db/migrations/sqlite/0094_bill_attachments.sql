-- Attachments of documents (附件, issue 17 item 9), every kind alike: files
-- stored under <data>/images/attachments/<bill id>/ (the folder backups
-- copy), named here. role '' = a file, 'signature' = the customer's
-- signature (a PNG; at most one per document, re-signing replaces it).
-- Deleting a document deletes its rows (the engine removes the files).
CREATE TABLE bill_attachments (
  id           INTEGER PRIMARY KEY,
  bill_id      BIGINT NOT NULL REFERENCES bills (id) ON DELETE CASCADE,
  role         TEXT NOT NULL DEFAULT '',
  name         TEXT NOT NULL,
  file         TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size         BIGINT NOT NULL,
  user_id      BIGINT REFERENCES users (id) ON DELETE SET NULL,
  created_at   TIMESTAMP NOT NULL
);
CREATE INDEX bill_attachments_bill ON bill_attachments (bill_id, role);
CREATE UNIQUE INDEX bill_attachments_signature ON bill_attachments (bill_id) WHERE role = 'signature';
