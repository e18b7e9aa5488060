-- The vault keeps stablecoin withdrawal fees in its cash buffer and pays them to the treasury
-- with `collect_withdraw_fees` (event kind 27, `withdrawFeesCollected`). A new row kind of
-- `vault_fees`: `withdrawal_collected`, the stablecoin paid to the treasury. The `withdrawal`
-- rows stay the fees charged (from the withdrawal events), so charged less collected is what
-- the vault still owes; sum one kind or the other, never both.
create or replace view vault_fees as
select e.signature, e.event_index, e.slot, e.block_time, t.commitment, e.sku,
  case e.name when 'mgmtFeeCollected' then 'management' when 'perfFeeCrystallized'
    then 'performance' when 'withdrawFeesCollected' then 'withdrawal_collected'
    else 'withdrawal' end as kind,
  coalesce(e.payload ->> 'sharesMinted', e.payload ->> 'feeShares')::numeric as shares,
  (e.payload ->> 'feeUsd')::numeric as usd,
  (e.payload ->> 'eventSequence')::numeric as event_sequence
from events e join transactions t using (signature)
where e.status = 'decoded' and e.program = 'vault'
  and (e.name in ('mgmtFeeCollected', 'perfFeeCrystallized', 'withdrawFeesCollected')
    or (e.name in ('withdrawStable', 'withdrawalFulfilled')
      and (e.payload ->> 'feeUsd')::numeric > 0));
