-- The admin threshold's recoveries are admin actions too: the oracle's `reset_sequence`
-- (a SKU's snapshot sequence set back so its keepers push again) and the rewards program's
-- `reset_last_epoch` (the last distributed epoch id set back). Both exist since the ids were
-- bounded (decision records of the review fixes); the operator's audit feed must show them.
create or replace view admin_actions as
select e.signature, e.event_index, e.slot, e.block_time, t.commitment, e.program, e.name,
  e.sku, e.payload
from events e join transactions t using (signature)
where e.status = 'decoded' and e.name in (
  'vaultInitialized', 'pauseSet', 'weightsQueued', 'weightsApplied', 'weightsCancelled',
  'assetStatusSet', 'shareMetadataSet', 'configInitialized', 'keepersRotated',
  'snapshotCreated', 'deviationApproved', 'initialized', 'rewardMintsSet', 'epochSwept',
  'rotationQueued', 'rotationApplied', 'rotationCancelled', 'sequenceReset',
  'lastEpochReset');
