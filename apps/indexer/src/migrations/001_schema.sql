-- Deliveries are stored as received, before the acknowledgement; everything else is derived
-- from them and can be rebuilt by replaying deliveries.
create table deliveries (
  id bigserial primary key,
  endpoint text not null,
  source text not null check (source in ('webhook', 'backfill')),
  received_at timestamptz not null default now(),
  item_count int not null,
  body jsonb not null,
  processed_at timestamptz
);

-- One row per landed transaction of ours; its commitment moves confirmed -> finalized, and a
-- transaction that never finalizes is deleted with its events.
create table transactions (
  signature text primary key,
  slot bigint not null,
  block_time timestamptz,
  commitment text not null check (commitment in ('confirmed', 'finalized')),
  first_seen timestamptz not null default now(),
  finalized_at timestamptz
);
create index transactions_pending on transactions (first_seen) where commitment = 'confirmed';

-- Every event field of the three programs, in log order: decoded, or kept as unknown /
-- malformed with the reason. (signature, event_index) is the identity: a second delivery of
-- the same transaction writes nothing.
create table events (
  signature text not null references transactions (signature) on delete cascade,
  event_index int not null,
  program text,
  program_address text not null,
  status text not null check (status in ('decoded', 'unknown', 'malformed')),
  name text,
  version int,
  reason text,
  instruction_index int not null,
  depth int not null,
  sku text,
  slot bigint not null,
  block_time timestamptz,
  payload jsonb not null,
  primary key (signature, event_index)
);
create index events_by_kind on events (program, name, sku, slot);
create index events_not_decoded on events (status) where status <> 'decoded';

-- Backfills resume where they stopped: the oldest signature already stored per run.
create table backfill_runs (
  program text not null,
  until_marker text not null,
  before_signature text,
  stored int not null default 0,
  done boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (program, until_marker)
);
