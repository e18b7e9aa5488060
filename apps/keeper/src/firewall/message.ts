// The whole message of a third party's transaction, decoded here rather than trusted: the
// static accounts with the roles the header gives them, every account the message loads
// from a lookup table (resolved from the table accounts the caller fetched, so no product
// key can hide behind an index), and each instruction with its program and accounts. Roles
// are the message's: a key that signs the message is a signer in every instruction naming
// it, which is why the checks look at every naming of a product key, not only its flags.
import {
  AccountRole,
  type Address,
  getCompiledTransactionMessageDecoder,
  type Instruction,
} from '@solana/kit';
import { FirewallRefusal } from './refusal.ts';

/** A decoded message: what the signatures would authorize. */
export type DecodedMessage = Readonly<{
  feePayer: Address;
  /** The blockhash (or nonce value) the message is bound to. */
  lifetimeToken: string;
  /** Every key the message requires a signature of, fee payer first. */
  signers: readonly Address[];
  instructions: readonly Instruction[];
}>;

/** Lookup tables' addresses by table (decoded with the SDK's decodeAddressLookupTable). */
export type LookupTables = Readonly<Record<string, readonly Address[]>>;

const isSigner = (role: AccountRole) =>
  role === AccountRole.READONLY_SIGNER || role === AccountRole.WRITABLE_SIGNER;
const isWritable = (role: AccountRole) =>
  role === AccountRole.WRITABLE || role === AccountRole.WRITABLE_SIGNER;

export { isSigner, isWritable };

type Compiled = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>;

/**
 * The lookup tables a message loads accounts from (the caller fetches these before
 * {@link decodeMessage}).
 *
 * @example
 * const tables = await fetchAddressLookupTables(rpc, lookupTablesOf(tx.messageBytes));
 */
export function lookupTablesOf(messageBytes: Uint8Array): Address[] {
  const compiled = decodeCompiled('lookup', messageBytes);
  if (compiled.version !== 0) return [];
  return (compiled.addressTableLookups ?? []).map((l) => l.lookupTableAddress);
}

function decodeCompiled(route: string, messageBytes: Uint8Array): Compiled {
  try {
    return getCompiledTransactionMessageDecoder().decode(messageBytes);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new FirewallRefusal(route, null, 'UNDECODABLE', why);
  }
}

/** Static accounts with the header's roles, then the tables' writable, then readonly loads. */
function accountList(route: string, compiled: Compiled, tables: LookupTables) {
  if (compiled.version === 1) {
    throw new FirewallRefusal(route, null, 'UNDECODABLE', 'a version 1 message is not accepted');
  }
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } =
    compiled.header;
  const count = compiled.staticAccounts.length;
  const list: { address: Address; role: AccountRole }[] = compiled.staticAccounts.map(
    (address, i) => {
      const signer = i < numSignerAccounts;
      const writable = signer
        ? i < numSignerAccounts - numReadonlySignerAccounts
        : i < count - numReadonlyNonSignerAccounts;
      const role = signer
        ? writable
          ? AccountRole.WRITABLE_SIGNER
          : AccountRole.READONLY_SIGNER
        : writable
          ? AccountRole.WRITABLE
          : AccountRole.READONLY;
      return { address, role };
    },
  );
  const lookups = compiled.version === 0 ? (compiled.addressTableLookups ?? []) : [];
  const loaded = (indexes: 'writableIndexes' | 'readonlyIndexes', role: AccountRole) => {
    for (const lookup of lookups) {
      const table = tables[lookup.lookupTableAddress];
      for (const index of lookup[indexes]) {
        const address = table?.[index];
        if (address === undefined) {
          throw new FirewallRefusal(
            route,
            null,
            'LOOKUP_TABLE_UNRESOLVED',
            `entry ${index} of table ${lookup.lookupTableAddress} is not known`,
          );
        }
        list.push({ address, role });
      }
    }
  };
  loaded('writableIndexes', AccountRole.WRITABLE);
  loaded('readonlyIndexes', AccountRole.READONLY);
  return { list, signerCount: numSignerAccounts };
}

/**
 * Decodes a message entirely: fee payer, signers, and every instruction with its accounts
 * (lookup-table loads resolved from `tables`).
 *
 * @throws {FirewallRefusal} `UNDECODABLE`, `LOOKUP_TABLE_UNRESOLVED`.
 * @example
 * const message = decodeMessage('rfq-reward', tx.messageBytes, tables);
 */
export function decodeMessage(
  route: string,
  messageBytes: Uint8Array,
  tables: LookupTables = {},
): DecodedMessage {
  const compiled = decodeCompiled(route, messageBytes);
  const { list, signerCount } = accountList(route, compiled, tables);
  const feePayer = list[0]?.address;
  if (feePayer === undefined || signerCount < 1) {
    throw new FirewallRefusal(route, null, 'UNDECODABLE', 'the message has no fee payer');
  }
  const at = (i: number, index: number) => {
    const account = list[index];
    if (account === undefined) {
      throw new FirewallRefusal(route, i, 'UNDECODABLE', `account index ${index} out of range`);
    }
    return account;
  };
  const instructions = (compiled.version === 1 ? [] : compiled.instructions).map((ix, i) => ({
    programAddress: at(i, ix.programAddressIndex).address,
    accounts: (ix.accountIndices ?? []).map((index) => ({ ...at(i, index) })),
    data: Uint8Array.from(ix.data ?? []),
  }));
  return {
    feePayer,
    lifetimeToken: compiled.lifetimeToken,
    signers: list.slice(0, signerCount).map((a) => a.address),
    instructions,
  };
}

const sameInstruction = (a: Instruction, b: Instruction) =>
  a.programAddress === b.programAddress &&
  (a.accounts ?? []).length === (b.accounts ?? []).length &&
  (a.accounts ?? []).every(
    (m, i) => m.address === b.accounts?.[i]?.address && m.role === b.accounts?.[i]?.role,
  ) &&
  Buffer.from(a.data ?? []).equals(Buffer.from(b.data ?? []));

/**
 * Refuses a message that is not the one the keeper built (the counterparty's co-signed
 * answer): the fee payer, the blockhash, and every instruction in order, naming the first
 * that differs (one inserted before the leg is index 0 or after it; one after the settle is
 * the built message's length).
 *
 * @throws {FirewallRefusal} `MESSAGE_CHANGED`.
 * @example
 * assertSameMessage('rfq-rebalance', built, decodeMessage('rfq-rebalance', back.messageBytes));
 */
export function assertSameMessage(
  route: string,
  built: DecodedMessage,
  answered: DecodedMessage,
): void {
  if (built.feePayer !== answered.feePayer || built.lifetimeToken !== answered.lifetimeToken) {
    throw new FirewallRefusal(
      route,
      null,
      'MESSAGE_CHANGED',
      'the fee payer or the blockhash differs from the message built',
    );
  }
  const count = Math.max(built.instructions.length, answered.instructions.length);
  for (let i = 0; i < count; i += 1) {
    const a = built.instructions[i];
    const b = answered.instructions[i];
    if (a === undefined || b === undefined || !sameInstruction(a, b)) {
      throw new FirewallRefusal(
        route,
        i,
        'MESSAGE_CHANGED',
        `instruction ${i} (${b?.programAddress ?? 'none'}) is not the one built (${a?.programAddress ?? 'none'})`,
      );
    }
  }
  if (built.signers.join() !== answered.signers.join()) {
    throw new FirewallRefusal(route, null, 'MESSAGE_CHANGED', 'the signers differ');
  }
}
