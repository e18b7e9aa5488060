-- The vaults the indexer knows, each from the first of any of its events (or from the chain,
-- found by reconciliation), so the SKU list never hangs on one event such as
-- `vaultInitialized`: a vault whose init logs were lost is listed from its next event.
create table skus (
  sku text primary key,
  first_slot bigint,
  source text not null check (source in ('events', 'chain')),
  known_at timestamptz not null default now()
);
insert into skus (sku, first_slot, source)
select sku, min(slot), 'events' from events
where program = 'vault' and status = 'decoded' and sku is not null
group by sku;
