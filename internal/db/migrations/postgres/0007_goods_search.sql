-- Goods search (matchCon) finds a fragment anywhere in goods.search. A LIKE
-- '%q%' reads every row; a trigram GIN index answers it from the index for
-- a query of 3 or more characters (the planner uses it for LIKE by itself).
-- pg_trgm is per database: it is created in public and its operator class
-- named with the schema, so the index works whatever the search_path (the
-- tests run each in its own schema). Migrate holds a database-wide advisory
-- lock for a migration creating an extension, so the schemas of one
-- database migrating together don't race on CREATE EXTENSION.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

CREATE INDEX goods_search_trgm ON goods USING gin (search public.gin_trgm_ops);
