// The upgradeable loader's (BPFLoaderUpgradeab1e) instructions the deployer needs. Its
// instruction data is a bincode enum: a u32 little-endian variant index, then the fields.
// (The registry's loader client targets an older Kit major than this repository.)
import { AccountRole, type Address, type Instruction, type TransactionSigner } from '@solana/kit';

export const LOADER_V3 = 'BPFLoaderUpgradeab1e11111111111111111111111' as Address;
const SYSVAR_RENT = 'SysvarRent111111111111111111111111111111111' as Address;
const SYSVAR_CLOCK = 'SysvarC1ock11111111111111111111111111111111' as Address;
const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;

function u32(n: number): number[] {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return [...b];
}

function u64(n: bigint): number[] {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(n);
  return [...b];
}

const signer = (s: TransactionSigner, writable = false) => ({
  address: s.address,
  role: writable ? AccountRole.WRITABLE_SIGNER : AccountRole.READONLY_SIGNER,
  signer: s,
});
const writable = (address: Address) => ({ address, role: AccountRole.WRITABLE });
const readonly = (address: Address) => ({ address, role: AccountRole.READONLY });

/** Variant 0 `InitializeBuffer`: [buffer (w), authority]. */
export function initializeBufferInstruction(buffer: Address, authority: Address): Instruction {
  return {
    programAddress: LOADER_V3,
    accounts: [writable(buffer), readonly(authority)],
    data: Uint8Array.from(u32(0)),
  };
}

/** Variant 1 `Write { offset: u32, bytes: Vec<u8> }`: [buffer (w), authority (s)]. */
export function writeInstruction(
  buffer: Address,
  authority: TransactionSigner,
  offset: number,
  bytes: Uint8Array,
): Instruction {
  return {
    programAddress: LOADER_V3,
    accounts: [writable(buffer), signer(authority)],
    data: Uint8Array.from([...u32(1), ...u32(offset), ...u64(BigInt(bytes.length)), ...bytes]),
  };
}

/**
 * Variant 2 `DeployWithMaxDataLen { max_data_len: u64 }`: [payer (w, s), program data (w),
 * program (w), buffer (w), rent, clock, system program, authority (s)].
 */
export function deployWithMaxDataLenInstruction(input: {
  payer: TransactionSigner;
  programData: Address;
  program: Address;
  buffer: Address;
  authority: TransactionSigner;
  maxDataLen: bigint;
}): Instruction {
  return {
    programAddress: LOADER_V3,
    accounts: [
      signer(input.payer, true),
      writable(input.programData),
      writable(input.program),
      writable(input.buffer),
      readonly(SYSVAR_RENT),
      readonly(SYSVAR_CLOCK),
      readonly(SYSTEM_PROGRAM),
      signer(input.authority),
    ],
    data: Uint8Array.from([...u32(2), ...u64(input.maxDataLen)]),
  };
}

/** Variant 3 `Upgrade`: [program data (w), program (w), buffer (w), spill (w), rent, clock, authority (s)]. */
export function upgradeInstruction(input: {
  programData: Address;
  program: Address;
  buffer: Address;
  spill: Address;
  authority: TransactionSigner;
}): Instruction {
  return {
    programAddress: LOADER_V3,
    accounts: [
      writable(input.programData),
      writable(input.program),
      writable(input.buffer),
      writable(input.spill),
      readonly(SYSVAR_RENT),
      readonly(SYSVAR_CLOCK),
      signer(input.authority),
    ],
    data: Uint8Array.from(u32(3)),
  };
}

/** Variant 4 `SetAuthority`: [account (w), current authority (s), new authority]. */
export function setAuthorityInstruction(
  account: Address,
  current: TransactionSigner,
  next: Address,
): Instruction {
  return {
    programAddress: LOADER_V3,
    accounts: [writable(account), signer(current), readonly(next)],
    data: Uint8Array.from(u32(4)),
  };
}
