// Send-and-confirm through kit's factory over fake RPC and subscription transports (no
// network): the JSON-RPC shapes a validator returns, so the errors travel through kit's own
// parsing before the SDK decodes them.
import { VAULT_ERROR__STALE_NAV, VAULT_PROGRAM_ADDRESS } from '@basket/vault-client';
import {
  type Blockhash,
  createSolanaRpcFromTransport,
  createSolanaRpcSubscriptionsFromTransport,
  generateKeyPairSigner,
  type KeyPairSigner,
  type RpcSubscriptionsTransport,
  type RpcTransport,
  SOLANA_ERROR__INSTRUCTION_ERROR__INVALID_ACCOUNT_DATA,
} from '@solana/kit';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BasketTransactionError,
  type BlockhashLifetime,
  buildTransactionMessage,
  createSendAndConfirm,
  getSetPausedInstructionFor,
} from '../src/index.ts';

const BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' as Blockhash;

interface Chain {
  /** Block height the cluster reports; above a message's last valid height it has expired. */
  blockHeight: bigint;
  /** What sendTransaction answers: a preflight error (`err`), or accepted. */
  preflightError: unknown | null;
  /** The error the signature notification carries once the transaction lands. */
  landedError: unknown | null;
  /** Whether the transaction lands (a notification arrives) or never does. */
  lands: boolean;
  lastValidBlockHeights: bigint[];
  calls: string[];
}

function fakeRpc(chain: Chain) {
  const transport = (async ({ payload }: { payload: unknown }) => {
    const { method, id } = payload as { method: string; id: string };
    chain.calls.push(method);
    const ok = (result: unknown) => ({ jsonrpc: '2.0', id, result });
    switch (method) {
      case 'getLatestBlockhash':
        return ok({
          context: { slot: 10 },
          value: {
            blockhash: BLOCKHASH,
            lastValidBlockHeight: Number(chain.lastValidBlockHeights.shift() ?? 1_000n),
          },
        });
      case 'sendTransaction':
        if (chain.preflightError !== null) {
          return {
            jsonrpc: '2.0',
            id,
            error: {
              code: -32002,
              message: 'Transaction simulation failed: Error processing Instruction 1',
              data: {
                accounts: null,
                err: chain.preflightError,
                innerInstructions: null,
                loadedAccountsDataSize: 0,
                logs: [
                  `Program ${VAULT_PROGRAM_ADDRESS} invoke [1]`,
                  `Program ${VAULT_PROGRAM_ADDRESS} failed: custom program error: 0x${VAULT_ERROR__STALE_NAV.toString(16)}`,
                ],
                replacementBlockhash: null,
                returnData: null,
                unitsConsumed: 1_200,
              },
            },
          };
        }
        return ok('1111111111111111111111111111111111111111111111111111111111111111');
      case 'getEpochInfo':
        return ok({
          absoluteSlot: Number(chain.blockHeight) + 5,
          blockHeight: Number(chain.blockHeight),
          epoch: 1,
          slotIndex: 0,
          slotsInEpoch: 432_000,
          transactionCount: null,
        });
      case 'getSignatureStatuses':
        return ok({ context: { slot: 11 }, value: [null] });
      default:
        throw new Error(`unexpected RPC method ${method}`);
    }
  }) as RpcTransport;
  return createSolanaRpcFromTransport(transport);
}

function fakeSubscriptions(chain: Chain) {
  const transport = (async ({ request }) => {
    chain.calls.push(request.methodName);
    return {
      on(type: string, listener: (payload: unknown) => void, options?: { signal?: AbortSignal }) {
        if (
          type === 'notification' &&
          request.methodName === 'signatureNotifications' &&
          chain.lands
        ) {
          const timer = setTimeout(
            () => listener({ context: { slot: 12n }, value: { err: chain.landedError } }),
            5,
          );
          options?.signal?.addEventListener('abort', () => clearTimeout(timer));
        }
        return () => {};
      },
    };
  }) as RpcSubscriptionsTransport;
  return createSolanaRpcSubscriptionsFromTransport(transport);
}

function chainWith(overrides: Partial<Chain>): Chain {
  return {
    blockHeight: 100n,
    preflightError: null,
    landedError: null,
    lands: true,
    lastValidBlockHeights: [],
    calls: [],
    ...overrides,
  };
}

let payer: KeyPairSigner;
let admins: KeyPairSigner[];

function message(lifetime: BlockhashLifetime) {
  const pause = getSetPausedInstructionFor({
    vault: payer.address,
    paused: true,
    adminSigners: admins,
  });
  return buildTransactionMessage({ feePayer: payer, lifetime, instructions: [pause] });
}

describe('createSendAndConfirm', () => {
  beforeAll(async () => {
    payer = await generateKeyPairSigner();
    admins = await Promise.all([0, 1, 2].map(() => generateKeyPairSigner()));
  });

  it('returns the signature once the cluster confirms the transaction', async () => {
    const chain = chainWith({});
    const send = createSendAndConfirm({
      rpc: fakeRpc(chain),
      rpcSubscriptions: fakeSubscriptions(chain),
    });
    const m = message({ blockhash: BLOCKHASH, lastValidBlockHeight: 1_000n });
    const result = await send(m);
    expect(result.attempts).toBe(1);
    expect(result.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect(chain.calls).toContain('sendTransaction');
    expect(chain.calls).toContain('signatureNotifications');
  });

  it('surfaces a preflight custom error as the decoded vault error, not logs', async () => {
    const chain = chainWith({
      preflightError: { InstructionError: [1, { Custom: VAULT_ERROR__STALE_NAV }] },
    });
    const send = createSendAndConfirm({
      rpc: fakeRpc(chain),
      rpcSubscriptions: fakeSubscriptions(chain),
    });
    const error = await send(message({ blockhash: BLOCKHASH, lastValidBlockHeight: 1_000n })).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(BasketTransactionError);
    const failure = (error as BasketTransactionError).failure;
    expect(failure.kind).toBe('custom');
    if (failure.kind !== 'custom') return;
    expect(failure.constant).toBe('VAULT_ERROR__STALE_NAV');
    expect(failure.program).toBe('vault');
    expect(failure.instructionIndex).toBe(1);
    expect((error as BasketTransactionError).logs.at(-1)).toMatch(/custom program error/);
  });

  it('surfaces a runtime instruction error at preflight as the instruction kind with its index', async () => {
    const chain = chainWith({ preflightError: { InstructionError: [1, 'InvalidAccountData'] } });
    const send = createSendAndConfirm({
      rpc: fakeRpc(chain),
      rpcSubscriptions: fakeSubscriptions(chain),
    });
    const error = await send(message({ blockhash: BLOCKHASH, lastValidBlockHeight: 1_000n })).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(BasketTransactionError);
    expect((error as BasketTransactionError).failure).toMatchObject({
      kind: 'instruction',
      instructionIndex: 1,
      programAddress: VAULT_PROGRAM_ADDRESS,
      errorName: `SolanaError#${SOLANA_ERROR__INSTRUCTION_ERROR__INVALID_ACCOUNT_DATA}`,
    });
  });

  it('surfaces a custom error carried by the confirmation (preflight skipped) the same way', async () => {
    const chain = chainWith({
      landedError: { InstructionError: [1, { Custom: VAULT_ERROR__STALE_NAV }] },
    });
    const send = createSendAndConfirm({
      rpc: fakeRpc(chain),
      rpcSubscriptions: fakeSubscriptions(chain),
    });
    const error = await send(message({ blockhash: BLOCKHASH, lastValidBlockHeight: 1_000n }), {
      skipPreflight: true,
    }).catch((e) => e);
    expect(error).toBeInstanceOf(BasketTransactionError);
    expect((error as BasketTransactionError).failure).toMatchObject({
      kind: 'custom',
      constant: 'VAULT_ERROR__STALE_NAV',
    });
  });

  it('reports an expired blockhash for a fixed message, as BlockHeightExceeded', async () => {
    const chain = chainWith({ lands: false, blockHeight: 2_000n });
    const send = createSendAndConfirm({
      rpc: fakeRpc(chain),
      rpcSubscriptions: fakeSubscriptions(chain),
    });
    const error = await send(message({ blockhash: BLOCKHASH, lastValidBlockHeight: 1_000n })).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(BasketTransactionError);
    expect((error as BasketTransactionError).failure).toMatchObject({
      kind: 'transaction',
      errorName: 'BlockHeightExceeded',
    });
    expect(chain.calls.filter((c) => c === 'sendTransaction')).toHaveLength(1);
  });

  it('rebuilds a message builder on a fresh blockhash after expiry and confirms it', async () => {
    // Given a cluster at height 2,000: the first blockhash (last valid 1,500) has expired,
    // the second (last valid 2,150) has not
    const chain = chainWith({
      lands: false,
      blockHeight: 2_000n,
      lastValidBlockHeights: [1_500n, 2_150n],
    });
    const rpc = fakeRpc(chain);
    const subscriptions = fakeSubscriptions(chain);
    const seen: bigint[] = [];
    const send = createSendAndConfirm({ rpc, rpcSubscriptions: subscriptions });
    const build = (lifetime: BlockhashLifetime) => {
      seen.push(lifetime.lastValidBlockHeight);
      // the second attempt lands
      if (seen.length === 2) chain.lands = true;
      return message(lifetime);
    };
    const result = await send(build, { maxAttempts: 2 });
    expect(result.attempts).toBe(2);
    expect(seen).toEqual([1_500n, 2_150n]);
    expect(chain.calls.filter((c) => c === 'sendTransaction')).toHaveLength(2);
  });
});
