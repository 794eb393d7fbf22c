-- Expired sessions are deleted as new ones start; this index keeps that cheap.
CREATE INDEX sessions_expires ON sessions (expires_at);
