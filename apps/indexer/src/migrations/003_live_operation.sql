-- Rows for the vault's live-operation and issuer events (kinds 17-26): withdrawal requests
-- with their lifecycle, rebalance settlements joined to their legs, keeper and trade-authority
-- rotations, and the issuer's actions the vault reports. Views over `events`, like 002: one
-- idempotent write path, and rows that disappear with a transaction that never finalizes.

-- A stablecoin withdrawal request's fulfilment is a withdrawal (its net paid, its fee charged).
create or replace view vault_withdrawals as
select e.signature, e.event_index, e.slot, e.block_time, t.commitment, e.sku,
  case e.name
    when 'withdrawStable' then 'stable'
    when 'withdrawInKind' then 'in_kind'
    when 'redemptionBegun' then 'redemption_claim'
    when 'redemptionPaid' then 'redemption_payment'
    when 'withdrawalFulfilled' then 'request_fulfilled'
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
  and e.name in ('withdrawStable', 'withdrawInKind', 'redemptionBegun', 'redemptionPaid',
    'withdrawalFulfilled');

create or replace view vault_fees as
select e.signature, e.event_index, e.slot, e.block_time, t.commitment, e.sku,
  case e.name when 'mgmtFeeCollected' then 'management' when 'perfFeeCrystallized'
    then 'performance' else 'withdrawal' end as kind,
  coalesce(e.payload ->> 'sharesMinted', e.payload ->> 'feeShares')::numeric as shares,
  (e.payload ->> 'feeUsd')::numeric as usd,
  (e.payload ->> 'eventSequence')::numeric as event_sequence
from events e join transactions t using (signature)
where e.status = 'decoded' and e.program = 'vault'
  and (e.name in ('mgmtFeeCollected', 'perfFeeCrystallized')
    or (e.name in ('withdrawStable', 'withdrawalFulfilled')
      and (e.payload ->> 'feeUsd')::numeric > 0));

-- Requests are looked up by owner (a wallet's open requests) and paired with their closing
-- event by (sku, owner, nonce). Partial: only these three rare kinds pay for it on insert.
create index events_withdrawal_requests on events
  ((payload ->> 'owner'), sku, (payload ->> 'nonce'))
  where program = 'vault'
    and name in ('withdrawalRequested', 'withdrawalFulfilled', 'withdrawalCancelled');

-- One row per request: open until its fulfilment or cancel arrives. A request PDA is
-- closed when it is paid or cancelled, so its nonce can be used again: a request is closed
-- by the first fulfilment or cancel after it (per-vault event sequence) with no newer
-- request of the same key in between, whatever order the deliveries came in.
create view withdrawal_requests as
select r.sku,
  r.payload ->> 'owner' as owner,
  (r.payload ->> 'nonce')::numeric as nonce,
  (r.payload ->> 'shares')::numeric as shares,
  (r.payload ->> 'minOut')::numeric as min_out,
  (r.payload ->> 'estimatedGrossUsd')::numeric as estimated_gross_usd,
  (r.payload ->> 'unixTime')::bigint as requested_unix_time,
  r.signature as request_signature, r.event_index as request_event_index,
  r.slot as request_slot, rt.commitment as request_commitment,
  (r.payload ->> 'eventSequence')::numeric as event_sequence,
  case c.name when 'withdrawalFulfilled' then 'fulfilled' when 'withdrawalCancelled'
    then 'cancelled' else 'open' end as state,
  c.signature as closed_signature, c.slot as closed_slot, c.commitment as closed_commitment,
  (c.payload ->> 'unixTime')::bigint as closed_unix_time,
  (c.payload ->> 'grossUsd')::numeric as gross_usd,
  (c.payload ->> 'feeUsd')::numeric as fee_usd,
  (c.payload ->> 'netUsd')::numeric as net_usd,
  (c.payload ->> 'snapshotSequence')::numeric as snapshot_sequence,
  c.payload ->> 'canceller' as canceller
from events r join transactions rt using (signature)
left join lateral (
  select c.name, c.signature, c.slot, c.payload, ct.commitment
  from events c join transactions ct using (signature)
  where c.status = 'decoded' and c.program = 'vault' and c.sku = r.sku
    and c.name in ('withdrawalFulfilled', 'withdrawalCancelled')
    and c.payload ->> 'owner' = r.payload ->> 'owner'
    and c.payload ->> 'nonce' = r.payload ->> 'nonce'
    and (c.payload ->> 'eventSequence')::numeric > (r.payload ->> 'eventSequence')::numeric
    and not exists (
      select 1 from events r2
      where r2.status = 'decoded' and r2.program = 'vault' and r2.sku = r.sku
        and r2.name = 'withdrawalRequested'
        and r2.payload ->> 'owner' = r.payload ->> 'owner'
        and r2.payload ->> 'nonce' = r.payload ->> 'nonce'
        and (r2.payload ->> 'eventSequence')::numeric
          > (r.payload ->> 'eventSequence')::numeric
        and (r2.payload ->> 'eventSequence')::numeric
          < (c.payload ->> 'eventSequence')::numeric)
  order by (c.payload ->> 'eventSequence')::numeric
  limit 1
) c on true
where r.status = 'decoded' and r.program = 'vault' and r.name = 'withdrawalRequested';

-- A settle closes the leg before it in the same transaction (the program requires the
-- settle after the leg, one leg pending at a time): the booked amount next to what was paid.
create view vault_rebalance_settlements as
select s.signature, s.event_index, s.slot, s.block_time, t.commitment, s.sku,
  (s.payload ->> 'receiveSlot')::int as receive_slot,
  (s.payload ->> 'expectedRaw')::numeric as expected_raw,
  (s.payload ->> 'receivedRaw')::numeric as received_raw,
  (s.payload ->> 'receivedRaw')::numeric - (s.payload ->> 'expectedRaw')::numeric
    as surplus_raw,
  l.event_index as leg_event_index,
  l.payload ->> 'payMint' as pay_mint,
  l.payload ->> 'receiveMint' as receive_mint,
  (l.payload ->> 'payAmountRaw')::numeric as pay_amount_raw,
  (l.payload ->> 'valueOut')::numeric as value_out_usd,
  (l.payload ->> 'valueIn')::numeric as value_in_usd,
  (s.payload ->> 'eventSequence')::numeric as event_sequence
from events s join transactions t using (signature)
left join lateral (
  select l.event_index, l.payload from events l
  where l.signature = s.signature and l.event_index < s.event_index
    and l.status = 'decoded' and l.program = 'vault' and l.name = 'rebalanceLeg'
  order by l.event_index desc
  limit 1
) l on true
where s.status = 'decoded' and s.program = 'vault' and s.name = 'rebalanceSettled';

-- One row per queued rotation: queued until applied (from `eta`) or cancelled.
create view vault_rotations as
select q.sku,
  case (q.payload ->> 'kind')::int when 1 then 'keeper' when 2 then 'trade_authority'
    else 'unknown' end as kind,
  q.payload ->> 'newKey' as new_key,
  (q.payload ->> 'nonce')::numeric as nonce,
  (q.payload ->> 'eta')::bigint as eta,
  q.signature as queued_signature, q.slot as queued_slot, qt.commitment as queued_commitment,
  (q.payload ->> 'eventSequence')::numeric as event_sequence,
  case c.name when 'rotationApplied' then 'applied' when 'rotationCancelled' then 'cancelled'
    else 'queued' end as state,
  c.signature as closed_signature, c.slot as closed_slot, c.commitment as closed_commitment
from events q join transactions qt using (signature)
left join lateral (
  select c.name, c.signature, c.slot, ct.commitment
  from events c join transactions ct using (signature)
  where c.status = 'decoded' and c.program = 'vault' and c.sku = q.sku
    and c.name in ('rotationApplied', 'rotationCancelled')
    and c.payload ->> 'kind' = q.payload ->> 'kind'
    and c.payload ->> 'nonce' = q.payload ->> 'nonce'
  order by (c.payload ->> 'eventSequence')::numeric
  limit 1
) c on true
where q.status = 'decoded' and q.program = 'vault' and q.name = 'rotationQueued';

-- What the issuer did to the vault's holdings, as the vault found it: a holding below its
-- book (burned or moved by the permanent delegate), a changed permanent delegate, and an
-- in-kind slice not paid because the holding is frozen or the mint paused.
create view issuer_actions as
select e.signature, e.event_index, e.slot, e.block_time, t.commitment, e.sku,
  case e.name
    when 'holdingBelowBook' then 'holding_below_book'
    when 'permanentDelegateChanged' then 'delegate_changed'
    else case (e.payload ->> 'reason')::int when 1 then 'holding_frozen'
      when 2 then 'mint_paused' else 'in_kind_not_paid' end
  end as kind,
  (e.payload ->> 'assetIndex')::int as asset_index,
  e.payload ->> 'mint' as mint,
  e.payload ->> 'owner' as owner,
  (e.payload ->> 'bookBefore')::numeric as book_before,
  (e.payload ->> 'claimsOwed')::numeric as claims_owed,
  (e.payload ->> 'balance')::numeric as balance,
  (e.payload ->> 'bookAfter')::numeric as book_after,
  e.payload ->> 'previous' as previous_delegate,
  e.payload ->> 'current' as current_delegate,
  (e.payload ->> 'eventSequence')::numeric as event_sequence
from events e join transactions t using (signature)
where e.status = 'decoded' and e.program = 'vault'
  and e.name in ('holdingBelowBook', 'permanentDelegateChanged', 'inKindNotPaid');

-- Rotations are admin actions too (the operator's audit feed).
create or replace view admin_actions as
select e.signature, e.event_index, e.slot, e.block_time, t.commitment, e.program, e.name,
  e.sku, e.payload
from events e join transactions t using (signature)
where e.status = 'decoded' and e.name in (
  'vaultInitialized', 'pauseSet', 'weightsQueued', 'weightsApplied', 'weightsCancelled',
  'assetStatusSet', 'shareMetadataSet', 'configInitialized', 'keepersRotated',
  'snapshotCreated', 'deviationApproved', 'initialized', 'rewardMintsSet', 'epochSwept',
  'rotationQueued', 'rotationApplied', 'rotationCancelled');
