-- The wallets the indexer has rows for (a depositor, an owner, a claimant of any decoded
-- event), so a wallet route answers a made-up address with one key lookup instead of
-- scanning every view for it.
create table wallets (address text primary key);
insert into wallets (address)
select distinct a from (
  select payload ->> 'depositor' as a from events where status = 'decoded'
  union select payload ->> 'owner' from events where status = 'decoded'
  union select payload ->> 'claimant' from events where status = 'decoded'
) w where a is not null;
