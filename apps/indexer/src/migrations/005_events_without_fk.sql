-- An event row's transaction is inserted by the same database transaction that copies the
-- event in (ingest claims the signature first), so the foreign key only re-checked what the
-- ingest already guarantees, one lookup per event row: about a third of Postgres's CPU per
-- event ingested (measured: bench/indexer, docs/indexer.md). Without it, the finality pass
-- deletes a dropped transaction's events in the same statement as the transaction.
alter table events drop constraint events_signature_fkey;
