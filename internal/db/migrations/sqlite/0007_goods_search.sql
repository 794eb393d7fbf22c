-- Goods search (matchCon) finds a fragment anywhere in goods.search. A LIKE
-- '%q%' reads every row; this FTS5 index of the text's trigrams answers a
-- query of 2 or more characters from the index. It is external content (the
-- text stays only in goods), kept in step by the triggers below. The
-- tokenizer is case sensitive on purpose: the text and the query are both
-- lower-cased by the application, so a match is exactly a LIKE match.
-- Tables named *_fts and *_fts_* are engine-specific search indexes
-- (db.Columns leaves them out of schema comparisons).
CREATE VIRTUAL TABLE goods_fts USING fts5(search, content='goods', content_rowid='id', tokenize='trigram case_sensitive 1');

INSERT INTO goods_fts (goods_fts) VALUES ('rebuild');

-- The index's trigrams, so that a 2-character query finds the trigrams it
-- starts (the text ends in a separator, so every 2 characters of a part
-- start a trigram) and searches for those.
CREATE VIRTUAL TABLE goods_fts_vocab USING fts5vocab(goods_fts, row);

CREATE TRIGGER goods_fts_insert AFTER INSERT ON goods BEGIN
  INSERT INTO goods_fts (rowid, search) VALUES (new.id, new.search);
END;

CREATE TRIGGER goods_fts_delete AFTER DELETE ON goods BEGIN
  INSERT INTO goods_fts (goods_fts, rowid, search) VALUES ('delete', old.id, old.search);
END;

-- An external-content index must be told the old text to remove its trigrams.
CREATE TRIGGER goods_fts_update AFTER UPDATE OF id, search ON goods BEGIN
  INSERT INTO goods_fts (goods_fts, rowid, search) VALUES ('delete', old.id, old.search);
  INSERT INTO goods_fts (rowid, search) VALUES (new.id, new.search);
END;
