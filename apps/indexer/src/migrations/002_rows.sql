-- Normalised rows as views over the events: one write path (the events table, idempotent by
-- its key), typed columns for readers, and rows that disappear with their transaction.
create view vault_deposits as
select e.signature, e.event_index, e.slot, e.block_time, t.commitment, e.sku,
  e.payload ->> 'depositor' as depositor,
  (e.payload ->> 'rawAmount')::numeric as raw_amount,
  (e.payload ->> 'shares')::numeric as shares,
  (e.payload ->> 'navUsd')::numeric as nav_usd,
  (e.payload ->> 'supplyBefore')::numeric as supply_before,
  (e.payload ->> 'eventSequence')::numeric as event_sequence
from events e join transactions t using (signature)
where e.status = 'decoded' and e.program = 'vault' and e.name = 'deposit';

create view vault_withdrawals as
select e.signature, e.event_index, e.slot, e.block_time, t.commitment, e.sku,
  case e.name
    when 'withdrawStable' then 'stable'
    when 'withdrawInKind' then 'in_kind'
    when 'redemptionBegun' then 'redemption_claim'
    when 'redemptionPaid' then 'redemption_payment'
  end as kind,
  e.payload ->> 'owner' as owner,
  (e.payload ->> 'shares')::numeric as shares,
  coalesce(e.payload ->> 'netUsd', e.payload ->> 'cashOut', e.payload ->> 'cashOwed',
    e.payload ->> 'cashPaid')::numeric as cash_raw,
  (e.payload ->> 'feeUsd')::numeric as fee_usd,
  coalesce(e.payload -> 'amounts', e.payload -> 'owed', e.payload -> 'paid') as asset_amounts,
  (e.payload ->> 'eventSequence')::numeric as event_sequence
from events e join transactions t using (signature)
where e.status = 'decoded' and e.program = 'vault'
  and e.name in ('withdrawStable', 'withdrawInKind', 'redemptionBegun', 'redemptionPaid');

create view vault_rebalance_legs as
select e.signature, e.event_index, e.slot, e.block_time, t.commitment, e.sku,
  e.payload ->> 'payMint' as pay_mint,
  e.payload ->> 'receiveMint' as receive_mint,
  (e.payload ->> 'payAmountRaw')::numeric as pay_amount_raw,
  (e.payload ->> 'receivedAmountRaw')::numeric as received_amount_raw,
  (e.payload ->> 'valueOut')::numeric as value_out_usd,
  (e.payload ->> 'valueIn')::numeric as value_in_usd,
  (e.payload ->> 'eventSequence')::numeric as event_sequence
from events e join transactions t using (signature)
where e.status = 'decoded' and e.program = 'vault' and e.name = 'rebalanceLeg';

create view vault_fees as
select e.signature, e.event_index, e.slot, e.block_time, t.commitment, e.sku,
  case e.name when 'mgmtFeeCollected' then 'management' when 'perfFeeCrystallized'
    then 'performance' else 'withdrawal' end as kind,
  coalesce(e.payload ->> 'sharesMinted', e.payload ->> 'feeShares')::numeric as shares,
  (e.payload ->> 'feeUsd')::numeric as usd,
  (e.payload ->> 'eventSequence')::numeric as event_sequence
from events e join transactions t using (signature)
where e.status = 'decoded' and e.program = 'vault'
  and (e.name in ('mgmtFeeCollected', 'perfFeeCrystallized')
    or (e.name = 'withdrawStable' and (e.payload ->> 'feeUsd')::numeric > 0));

create view nav_refreshes as
select e.signature, e.event_index, e.slot, e.block_time, t.commitment, e.sku,
  (e.payload ->> 'snapshotSequence')::numeric as snapshot_sequence,
  (e.payload ->> 'navUpUsd')::numeric as nav_up_usd,
  (e.payload ->> 'navDownUsd')::numeric as nav_down_usd,
  (e.payload ->> 'cashRaw')::numeric as cash_raw,
  (e.payload ->> 'unixTime')::bigint as unix_time,
  (e.payload ->> 'eventSequence')::numeric as event_sequence
from events e join transactions t using (signature)
where e.status = 'decoded' and e.program = 'vault' and e.name = 'navRefreshed';

create view nav_pushes as
select e.signature, e.event_index, e.slot, e.block_time, t.commitment, e.sku,
  (e.payload ->> 'sequence')::numeric as sequence,
  (e.payload ->> 'entryCount')::int as entry_count,
  e.payload ->> 'keeper' as keeper
from events e join transactions t using (signature)
where e.status = 'decoded' and e.program = 'oracle' and e.name = 'snapshotPushed';

create view stakes as
select e.signature, e.event_index, e.slot, e.block_time, t.commitment,
  case e.name when 'staked' then 'stake' else 'unstake' end as kind,
  e.payload ->> 'owner' as owner,
  (e.payload ->> 'stakeIndex')::numeric as stake_index,
  (e.payload ->> 'amount')::numeric as amount,
  (e.payload ->> 'tierDays')::int as tier_days,
  (e.payload ->> 'unlock')::bigint as unlock
from events e join transactions t using (signature)
where e.status = 'decoded' and e.program = 'rewards' and e.name in ('staked', 'unstaked');

create view reward_epochs as
select e.signature, e.event_index, e.slot, e.block_time, t.commitment,
  (e.payload ->> 'epochId')::numeric as epoch_id,
  e.payload ->> 'merkleRoot' as merkle_root,
  e.payload -> 'totals' as totals
from events e join transactions t using (signature)
where e.status = 'decoded' and e.program = 'rewards' and e.name = 'epochDistributed';

create view reward_claims as
select e.signature, e.event_index, e.slot, e.block_time, t.commitment,
  (e.payload ->> 'epochId')::numeric as epoch_id,
  e.payload ->> 'claimant' as claimant,
  e.payload -> 'amounts' as amounts
from events e join transactions t using (signature)
where e.status = 'decoded' and e.program = 'rewards' and e.name = 'claimed';

-- Pauses, parameter changes, configuration and rotations: everything an operator audits.
create view admin_actions as
select e.signature, e.event_index, e.slot, e.block_time, t.commitment, e.program, e.name,
  e.sku, e.payload
from events e join transactions t using (signature)
where e.status = 'decoded' and e.name in (
  'vaultInitialized', 'pauseSet', 'weightsQueued', 'weightsApplied', 'weightsCancelled',
  'assetStatusSet', 'shareMetadataSet', 'configInitialized', 'keepersRotated',
  'snapshotCreated', 'deviationApproved', 'initialized', 'rewardMintsSet', 'epochSwept');

-- What the indexer could not read: never dropped, counted and kept with the reason.
create view unread_events as
select e.signature, e.event_index, e.slot, e.program, e.program_address, e.status, e.reason,
  e.payload
from events e
where e.status <> 'decoded';
