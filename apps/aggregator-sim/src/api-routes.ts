// The swap API (version 6) routes: GET /quote, POST /swap, POST /swap-instructions,
// GET /program-id-to-label. Requests are validated field by field; every refusal is a 400
// with the API's `{ error, errorCode }` body naming what was wrong.
import type { Metrics } from '@basket/service-kit';
import type { Address, Blockhash, Rpc, SolanaRpcApi } from '@solana/kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ADVERSARIAL_SWAP_KINDS,
  type AdversarialSwapKind,
  type SwapAdversaryMode,
  tamperSwap,
} from './adversarial.ts';
import type { PoolReader } from './pool-reader.ts';
import { quoteResponseOf, swapPlanOf, VENUE_LABEL } from './quote-response.ts';
import { quoteRoute, RouteError } from './routing.ts';
import {
  SWAP_COMPUTE_UNITS,
  type SwapOptions,
  swapInstructionsResponse,
  swapTransaction,
} from './swap-instructions.ts';

const address = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'not a base58 address');
const U64_MAX = 2n ** 64n - 1n;
const amount = z
  .string()
  .regex(/^\d{1,20}$/, 'not an integer amount')
  .transform((s) => BigInt(s))
  .refine((v) => v > 0n && v <= U64_MAX, 'must be within 1..2^64-1');
const flag = z.enum(['true', 'false']).transform((s) => s === 'true');

const adversaryBody = z.object({
  kind: z.enum(ADVERSARIAL_SWAP_KINDS as unknown as [AdversarialSwapKind]).nullable(),
  victim: address.optional(),
});

const quoteQuery = z.object({
  inputMint: address,
  outputMint: address,
  amount,
  slippageBps: z.coerce.number().int().min(0).max(10_000).default(50),
  swapMode: z.enum(['ExactIn', 'ExactOut']).default('ExactIn'),
  dexes: z.string().optional(),
  excludeDexes: z.string().optional(),
  onlyDirectRoutes: flag.optional(),
  restrictIntermediateTokens: flag.optional(),
  asLegacyTransaction: flag.optional(),
  platformFeeBps: z.coerce
    .number()
    .int()
    .min(0)
    .max(0, 'platform fees are not taken here')
    .optional(),
  maxAccounts: z.coerce.number().int().min(1).max(256).optional(),
});

const swapBody = z.object({
  userPublicKey: address,
  quoteResponse: z.unknown(),
  payer: address.optional(),
  destinationTokenAccount: address.optional(),
  asLegacyTransaction: z.boolean().optional(),
  computeUnitPriceMicroLamports: z.number().int().min(0).max(1_000_000_000).optional(),
  prioritizationFeeLamports: z
    .union([z.number().int().min(0), z.string(), z.object({}).passthrough()])
    .optional(),
  wrapAndUnwrapSol: z.boolean().optional(),
  useSharedAccounts: z.boolean().optional(),
  dynamicComputeUnitLimit: z.boolean().optional(),
  skipUserAccountsRpcCalls: z.boolean().optional(),
});

/** The accounts a swap touches (budget program aside): more than `maxAccounts` is no route. */
const SWAP_ACCOUNTS = 11;

function invalid(error: z.ZodError): RouteError {
  const first = error.issues[0];
  return new RouteError(
    'INVALID_REQUEST',
    `${first?.path.join('.') || 'request'}: ${first?.message}`,
  );
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(result.error);
  return result.data;
}

/** A fixed lamport budget becomes a compute-unit price over the swap's limit; a level ("auto",
 * priorityLevelWithMaxLamports) has no fee market to read here and adds nothing. */
function swapOptionsOf(body: z.output<typeof swapBody>): SwapOptions {
  const fixed =
    typeof body.prioritizationFeeLamports === 'number' ? body.prioritizationFeeLamports : 0;
  const price =
    body.computeUnitPriceMicroLamports !== undefined
      ? BigInt(body.computeUnitPriceMicroLamports)
      : (BigInt(fixed) * 1_000_000n) / BigInt(SWAP_COMPUTE_UNITS);
  return {
    payer: body.payer as Address | undefined,
    destinationTokenAccount: body.destinationTokenAccount as Address | undefined,
    computeUnitPriceMicroLamports: price > 0n ? price : undefined,
  };
}

export function apiRoutes(deps: {
  rpc: Rpc<SolanaRpcApi>;
  reader: PoolReader;
  maxPriceImpactPpm: bigint;
  metrics: Metrics;
}) {
  const requests = deps.metrics.counter('requests_total', 'API requests by route and result', [
    'route',
    'result',
  ]);
  /** Account bytes for the hook resolution of a hooked stock's swap. */
  const accountData = async (account: Address): Promise<Uint8Array | null> => {
    const { value } = await deps.rpc
      .getAccountInfo(account, { encoding: 'base64', commitment: 'confirmed' })
      .send();
    return value === null ? null : Uint8Array.from(Buffer.from(value.data[0], 'base64'));
  };
  const adversary: { mode: SwapAdversaryMode | null } = { mode: null };
  return async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      const route = request.routeOptions.url ?? 'unknown';
      if (error instanceof RouteError) {
        requests.inc({ route, result: error.errorCode });
        return reply.code(400).send({ error: error.message, errorCode: error.errorCode });
      }
      requests.inc({ route, result: 'error' });
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: 'internal error', errorCode: 'INTERNAL' });
    });

    app.get('/quote', async (request) => {
      const q = parse(quoteQuery, request.query);
      const dexes = q.dexes?.split(',').map((d) => d.trim());
      const excluded = q.excludeDexes?.split(',').map((d) => d.trim());
      if ((dexes && !dexes.includes(VENUE_LABEL)) || excluded?.includes(VENUE_LABEL)) {
        throw new RouteError('COULD_NOT_FIND_ANY_ROUTE', `the only venue here is "${VENUE_LABEL}"`);
      }
      if (q.maxAccounts !== undefined && q.maxAccounts < SWAP_ACCOUNTS) {
        throw new RouteError('COULD_NOT_FIND_ANY_ROUTE', `a swap needs ${SWAP_ACCOUNTS} accounts`);
      }
      const { pools, contextSlot } = await deps.reader.snapshot();
      const route = quoteRoute(pools, { ...q, amount: q.amount }, deps.maxPriceImpactPpm);
      requests.inc({ route: '/quote', result: 'ok' });
      return quoteResponseOf(route, q.slippageBps, contextSlot);
    });

    app.post('/swap-instructions', async (request) => {
      const body = parse(swapBody, request.body);
      const plan = swapPlanOf(body.quoteResponse, deps.reader.shapes);
      const answer = await swapInstructionsResponse(plan, body.userPublicKey as Address, {
        ...swapOptionsOf(body),
        accountData,
      });
      requests.inc({ route: '/swap-instructions', result: 'ok' });
      return adversary.mode ? tamperSwap(adversary.mode, answer, body.userPublicKey) : answer;
    });

    // The hostile aggregator (adversarial.ts): `{ kind, victim? }` sets the attack every
    // later /swap-instructions answer carries, `{ kind: null }` makes it honest again.
    app.post('/admin/adversarial', async (request) => {
      const body = parse(adversaryBody, request.body);
      adversary.mode = body.kind === null ? null : { kind: body.kind, victim: body.victim ?? null };
      return { mode: adversary.mode, kinds: ADVERSARIAL_SWAP_KINDS };
    });

    app.post('/swap', async (request) => {
      const body = parse(swapBody, request.body);
      const plan = swapPlanOf(body.quoteResponse, deps.reader.shapes);
      const { value } = await deps.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
      const options = swapOptionsOf(body);
      const swapTx = await swapTransaction(
        plan,
        body.userPublicKey as Address,
        {
          blockhash: value.blockhash as Blockhash,
          lastValidBlockHeight: value.lastValidBlockHeight,
        },
        { ...options, accountData, legacy: body.asLegacyTransaction === true },
      );
      const price = options.computeUnitPriceMicroLamports ?? 0n;
      requests.inc({ route: '/swap', result: 'ok' });
      return {
        swapTransaction: swapTx,
        lastValidBlockHeight: Number(value.lastValidBlockHeight),
        prioritizationFeeLamports: Number((price * BigInt(SWAP_COMPUTE_UNITS)) / 1_000_000n),
      };
    });

    app.get('/program-id-to-label', async () => ({
      [deps.reader.shapes[0]?.program ?? '']: VENUE_LABEL,
    }));
  };
}
