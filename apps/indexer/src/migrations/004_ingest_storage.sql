-- A delivery's body is written once and read back whole by its ingest job, never queried
-- inside: `json` keeps it as the text received (validated), where `jsonb` parsed it into
-- its binary form on the way in and printed it back to text on the way out, on every
-- delivery (measured: bench/indexer, docs/indexer.md).
alter table deliveries alter column body type json using body::json;

-- The newest indexed slot (lag to the chain head, every finality pass) and the oldest
-- pending transactions by slot (the finality pass) without scanning every transaction.
create index transactions_by_slot on transactions (slot);
