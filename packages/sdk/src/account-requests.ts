/**
 * {@link AccountRequest}s for every account type the generated clients decode, plus token
 * mints. Each checks the owner and the one-byte discriminator before the generated decoder runs.
 */

import {
  getNavSnapshotDecoder,
  getOracleConfigDecoder,
  NAV_SNAPSHOT_DISCRIMINATOR,
  type NavSnapshot,
  ORACLE_CONFIG_DISCRIMINATOR,
  type OracleConfig,
} from '@basket/oracle-client';
import {
  CLAIM_STATUS_DISCRIMINATOR,
  type ClaimStatus,
  EPOCH_DISCRIMINATOR,
  type Epoch,
  getClaimStatusDecoder,
  getEpochDecoder,
  getRewardsConfigDecoder,
  getStakeRecordDecoder,
  REWARDS_CONFIG_DISCRIMINATOR,
  type RewardsConfig,
  STAKE_RECORD_DISCRIMINATOR,
  type StakeRecord,
} from '@basket/rewards-client';
import {
  getRedemptionClaimDecoder,
  getVaultStateDecoder,
  REDEMPTION_CLAIM_DISCRIMINATOR,
  type RedemptionClaim,
  VAULT_STATE_DISCRIMINATOR,
  type VaultState,
} from '@basket/vault-client';
import type { Address, Decoder, EncodedAccount } from '@solana/kit';
import { getSysvarClockDecoder, SYSVAR_CLOCK_ADDRESS, type SysvarClock } from '@solana/sysvars';
import type { AccountRequest } from './account-reader.ts';
import { type ProgramAddresses, resolveProgramAddresses } from './program-addresses.ts';
import type { ScaledUiAmountConfig } from './scaled-ui-amount.ts';
import { decodeScaledUiAmountConfig, mintDecimals } from './scaled-ui-amount-extension.ts';
import { SDK_ERROR__ACCOUNT_DECODE_FAILED, SdkError } from './sdk-errors.ts';
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from './token-programs.ts';

const TOKEN_PROGRAM = TOKEN_PROGRAM_ADDRESS;
const TOKEN_2022_PROGRAM = TOKEN_2022_PROGRAM_ADDRESS;

function fail(account: EncodedAccount, reason: string): never {
  throw new SdkError(SDK_ERROR__ACCOUNT_DECODE_FAILED, { address: account.address, reason });
}

function programAccount<T>(
  address: Address,
  owner: Address,
  discriminator: number,
  decoder: () => Decoder<T>,
): AccountRequest<T> {
  return {
    address,
    owner,
    decode(account) {
      if (account.programAddress !== owner) {
        fail(account, `owned by ${account.programAddress}, expected ${owner}`);
      }
      if (account.data[0] !== discriminator) {
        fail(account, `discriminator ${account.data[0]}, expected ${discriminator}`);
      }
      try {
        return decoder().decode(account.data);
      } catch (e) {
        return fail(account, e instanceof Error ? e.message : String(e));
      }
    },
  };
}

/**
 * A NAV snapshot (oracle program).
 *
 * @example
 * const [snapshot] = await readAccounts(rpc, [navSnapshotAccount(address)]);
 */
export function navSnapshotAccount(
  address: Address,
  programs: Partial<ProgramAddresses> = {},
): AccountRequest<NavSnapshot> {
  const owner = resolveProgramAddresses(programs).oracle;
  return programAccount(address, owner, NAV_SNAPSHOT_DISCRIMINATOR, getNavSnapshotDecoder);
}

/**
 * The oracle config (keeper set, admins).
 *
 * @example
 * const [config] = await readAccounts(rpc, [oracleConfigAccount(address)]);
 */
export function oracleConfigAccount(
  address: Address,
  programs: Partial<ProgramAddresses> = {},
): AccountRequest<OracleConfig> {
  const owner = resolveProgramAddresses(programs).oracle;
  return programAccount(address, owner, ORACLE_CONFIG_DISCRIMINATOR, getOracleConfigDecoder);
}

/**
 * A vault's state (vault program).
 *
 * @example
 * const [vault] = await readAccounts(rpc, [vaultStateAccount(address)]);
 */
export function vaultStateAccount(
  address: Address,
  programs: Partial<ProgramAddresses> = {},
): AccountRequest<VaultState> {
  const owner = resolveProgramAddresses(programs).vault;
  return programAccount(address, owner, VAULT_STATE_DISCRIMINATOR, getVaultStateDecoder);
}

/**
 * A batched in-kind redemption claim (vault program): raw amounts owed per asset slot.
 *
 * @example
 * const [claim] = await readAccounts(rpc, [redemptionClaimAccount(address)]);
 */
export function redemptionClaimAccount(
  address: Address,
  programs: Partial<ProgramAddresses> = {},
): AccountRequest<RedemptionClaim> {
  const owner = resolveProgramAddresses(programs).vault;
  return programAccount(address, owner, REDEMPTION_CLAIM_DISCRIMINATOR, getRedemptionClaimDecoder);
}

/**
 * The rewards config.
 *
 * @example
 * const [config] = await readAccounts(rpc, [rewardsConfigAccount(address)]);
 */
export function rewardsConfigAccount(
  address: Address,
  programs: Partial<ProgramAddresses> = {},
): AccountRequest<RewardsConfig> {
  const owner = resolveProgramAddresses(programs).rewards;
  return programAccount(address, owner, REWARDS_CONFIG_DISCRIMINATOR, getRewardsConfigDecoder);
}

/**
 * A stake record.
 *
 * @example
 * const records = await readAccounts(rpc, addresses.map((a) => stakeRecordAccount(a)));
 */
export function stakeRecordAccount(
  address: Address,
  programs: Partial<ProgramAddresses> = {},
): AccountRequest<StakeRecord> {
  const owner = resolveProgramAddresses(programs).rewards;
  return programAccount(address, owner, STAKE_RECORD_DISCRIMINATOR, getStakeRecordDecoder);
}

/**
 * A reward epoch.
 *
 * @example
 * const [epoch] = await readAccounts(rpc, [epochAccount(address)]);
 */
export function epochAccount(
  address: Address,
  programs: Partial<ProgramAddresses> = {},
): AccountRequest<Epoch> {
  const owner = resolveProgramAddresses(programs).rewards;
  return programAccount(address, owner, EPOCH_DISCRIMINATOR, getEpochDecoder);
}

/**
 * A claim status (one per epoch and claimant).
 *
 * @example
 * const [status] = await readAccounts(rpc, [claimStatusAccount(address)]);
 */
export function claimStatusAccount(
  address: Address,
  programs: Partial<ProgramAddresses> = {},
): AccountRequest<ClaimStatus> {
  const owner = resolveProgramAddresses(programs).rewards;
  return programAccount(address, owner, CLAIM_STATUS_DISCRIMINATOR, getClaimStatusDecoder);
}

/**
 * What display math needs from a mint: its token program, decimals and ScaledUiAmount config
 * (`null` when the mint has none: multiplier 1).
 *
 * @example
 * const m: TokenMintInfo = { tokenProgram, decimals: 8, supply: 0n, scaledUiAmount: null };
 */
export interface TokenMintInfo {
  readonly tokenProgram: Address;
  readonly decimals: number;
  /** Raw supply. */
  readonly supply: bigint;
  readonly scaledUiAmount: ScaledUiAmountConfig | null;
}

/**
 * A mint of SPL Token or Token-2022.
 *
 * @example
 * const [mint] = await readAccounts(rpc, [tokenMintAccount(xStock)]);
 */
export function tokenMintAccount(address: Address): AccountRequest<TokenMintInfo> {
  return {
    address,
    owner: null,
    decode(account) {
      const owner = account.programAddress;
      if (owner !== TOKEN_PROGRAM && owner !== TOKEN_2022_PROGRAM) {
        fail(account, `owned by ${owner}, not a token program`);
      }
      const data = Uint8Array.from(account.data);
      // A mint is 82 bytes, or (Token-2022 with extensions) longer than 165 with type byte 1.
      const isMint =
        data.length === 82 ||
        (owner === TOKEN_2022_PROGRAM && data.length > 165 && data[165] === 1);
      if (!isMint) fail(account, 'not a mint account');
      return {
        tokenProgram: owner,
        decimals: mintDecimals(data),
        supply: new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(36, true),
        scaledUiAmount: owner === TOKEN_2022_PROGRAM ? decodeScaledUiAmountConfig(data) : null,
      };
    },
  };
}

/**
 * The Clock sysvar: the cluster's slot and unix time, which the programs price at. Read it in
 * the same batch as the accounts it qualifies.
 *
 * @example
 * const [clock, vault] = await readAccounts(rpc, [clockSysvarAccount(), vaultStateAccount(a)]);
 */
export function clockSysvarAccount(): AccountRequest<SysvarClock> {
  return {
    address: SYSVAR_CLOCK_ADDRESS,
    owner: null,
    decode(account) {
      try {
        return getSysvarClockDecoder().decode(account.data);
      } catch (e) {
        return fail(account, e instanceof Error ? e.message : String(e));
      }
    },
  };
}
