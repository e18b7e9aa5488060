-- An item of an acknowledged delivery that cannot be ingested is set aside here with its
-- reason, so the rest of its delivery is indexed and nothing acknowledged is left without a
-- row saying what became of it. item_index null: the whole delivery (its job ran out of
-- attempts for a cause no single item explains).
create table dead_letters (
  id bigserial primary key,
  delivery_id bigint not null references deliveries (id),
  item_index int,
  signature text,
  reason text not null,
  item json,
  created_at timestamptz not null default now(),
  unique nulls not distinct (delivery_id, item_index)
);
