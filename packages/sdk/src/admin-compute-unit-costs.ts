/**
 * Measured compute units of the admin, keeper-setup and account-setup instructions the SDK
 * builds (admin multisig instructions of the three programs, associated token accounts,
 * address lookup tables). Same rules as the user-flow table in `compute-unit-costs.ts`, which
 * spreads this one: the largest cost measured in LiteSVM (mainnet feature set, every CPI
 * included, 3 admin signers), canonical-bump searches priced separately with
 * `runtime.bumpSearchStep`. The LiteSVM tests that run each builder (`admin-builders`,
 * `rewards-admin-builders`, `lookup-table`, `user-flows`) fail when an entry no longer covers
 * what the program uses or overstates it by more than half.
 */

/**
 * Compute units of admin and setup instructions, with the case measured.
 *
 * @example
 * ADMIN_COMPUTE_UNIT_COSTS['vault.setPaused'].computeUnits;
 */
export const ADMIN_COMPUTE_UNIT_COSTS = Object.freeze({
  /** Creating a Token-2022 ATA of a mint with extensions (an existing one costs less). */
  'associatedToken.createIdempotent': {
    computeUnits: 17_500,
    measured: 'Token-2022 share mint, bump 255: 16,837 (existing: 4,357)',
  },
  'addressLookupTable.create': { computeUnits: 11_000, measured: 'Core BPF program: 10,517' },
  /** An extend without addresses; add `addressLookupTable.extendPerAddress` per address. */
  'addressLookupTable.extend': {
    computeUnits: 6_000,
    measured: '20 and 8 addresses: 11,660 / 8,133',
  },
  'addressLookupTable.extendPerAddress': { computeUnits: 300, measured: 'same cases' },
  'vault.initVault': {
    computeUnits: 46_500,
    measured:
      'SDK test: 3 assets, 974 over 45,000 + 3 x 9,000 + the bump steps once the state grew by the claims haircut index (4,510 bytes; init checks each byte is zero; holdings sized by GetAccountDataSize)',
  },
  'vault.initVaultPerAsset': {
    computeUnits: 9_000,
    measured: 'SDK test: 3 and 20 assets: 76,781 / 229,116 (8,961 per asset)',
  },
  'vault.setPaused': { computeUnits: 1_000, measured: '3 of 5 admins: 903' },
  'vault.setAssetStatus': { computeUnits: 1_050, measured: '3 of 5 admins: 922' },
  'vault.updateWeights': { computeUnits: 1_500, measured: '3 of 5 admins: 1,316' },
  'vault.queueRotation': { computeUnits: 1_300, measured: '3 of 5 admins: 1,178' },
  'vault.applyRotation': { computeUnits: 750, measured: '679' },
  'vault.cancelRotation': { computeUnits: 1_150, measured: '3 of 5 admins: 1,026' },
  'vault.applyWeights': { computeUnits: 700, measured: '606' },
  'vault.cancelWeights': { computeUnits: 1_050, measured: '3 of 5 admins: 928' },
  'vault.setShareMetadata': {
    computeUnits: 9_500,
    measured: '3 of 5 admins, 16-byte name, 29-byte uri: 8,766',
  },
  'oracle.initializeConfig': {
    computeUnits: 10_500,
    measured: 'bench: 11,196 and 11,119 at config bump 254 (9,696 at 255)',
  },
  'oracle.rotateKeepers': { computeUnits: 2_000, measured: 'bench: 1,768' },
  'oracle.createSnapshot': {
    computeUnits: 20_500,
    measured: 'snapshot and deviation reference: bench 1-20 mints 19,630-22,563 (bumps vary)',
  },
  'oracle.approveDeviation': { computeUnits: 950, measured: '3 of 5 admins: 872' },
  'oracle.pushSnapshot': {
    computeUnits: 950,
    measured: 'bench 1 entry up to 1,101; the Ed25519 precompile costs no units',
  },
  /** One admin co-signing a push beyond the deviation cap. */
  'oracle.pushSnapshotPerAdminSigner': {
    computeUnits: 200,
    measured: '3 entries: 909 alone, 1,487 with 3 admins',
  },
  'oracle.pushSnapshotPerEntry': {
    computeUnits: 175,
    measured: 'bench 20 entries, every multiplier changed: 4,426 (with the deviation reference)',
  },
  'rewards.initialize': {
    computeUnits: 16_000,
    measured: 'Token-2022 staking mint, 3 of 5 admins: 19,671 at config bump 252 (15,171 at 255)',
  },
  'rewards.rotateKeepers': { computeUnits: 2_000, measured: 'bench: 1,743-1,768' },
  'rewards.setRewardMints': { computeUnits: 2_500, measured: 'bench: 10 mints 2,205' },
  'rewards.setPaused': { computeUnits: 900, measured: 'bench: 771' },
  'rewards.resetLastEpoch': { computeUnits: 900, measured: 'SDK test, 3 of 5 admins: 789' },
  'rewards.distributeEpoch': {
    computeUnits: 4_000,
    measured: 'bench at bump 255: 1, 5, 10 Token-2022 mints 4,986 / 9,121 / 14,638',
  },
  'rewards.distributeEpochPerMint': { computeUnits: 1_100, measured: 'same cases' },
  'rewards.sweepEpoch': {
    computeUnits: 1_500,
    measured: 'T22 + SPL mints: 5,976; bench 5 Token-2022 mints 18,251',
  },
  'rewards.sweepEpochPerMint': {
    computeUnits: 3_400,
    measured: 'same cases (a TransferChecked CPI each)',
  },
} as const);
