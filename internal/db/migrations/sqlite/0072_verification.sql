-- Verification documents (核销单, docs/money.md): the other contact of a
-- receivable set against a payable (153203) or a debt moved to another
-- contact (153204, 153205); the side of a settlement line (1: documents of
-- the document's contact, 2: documents of the other contact).
ALTER TABLE bills ADD COLUMN to_contact_id BIGINT REFERENCES contacts (id);
ALTER TABLE settlements ADD COLUMN side SMALLINT NOT NULL DEFAULT 1;
CREATE INDEX bills_to_contact ON bills (to_contact_id);
