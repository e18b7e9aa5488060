// The hostile market maker on the local chain: what adversarial-fills.ts needs of the world
// (landing the maker's lookup tables, slots, other stocks, associated accounts), the admin
// route that sets the mode, and the co-signature of a tampered wrapped message.
import { findAssociatedTokenAddress } from '@basket/sdk';
import {
  type Address,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type KeyPairSigner,
  partiallySignTransaction,
} from '@solana/kit';
import type { SimRequest } from '../routes.ts';
import { apiError, ok, type SimResponse } from '../sim-response.ts';
import {
  ADVERSARIAL_FILL_KINDS,
  type AdversarialFillKind,
  type AdversaryMode,
  type AdversaryWorld,
  tamperCosigned,
} from './adversarial-fills.ts';
import type { WorldChain } from './world-chain.ts';

const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * The world as the adversary uses it.
 *
 * @example
 * const adversaryWorld = adversaryWorldOf(world);
 */
export function adversaryWorldOf(world: WorldChain): AdversaryWorld {
  const slot = async (commitment: 'confirmed' | 'finalized') =>
    world.rpc.getSlot({ commitment }).send();
  return {
    marketMaker: world.marketMaker,
    land: (signer, instructions) => world.land(signer, instructions),
    finalizedSlot: () => slot('finalized'),
    waitSlots: async (n) => {
      const target = (await slot('confirmed')) + BigInt(n);
      while ((await slot('confirmed')) < target) await new Promise((r) => setTimeout(r, 100));
    },
    otherStock: (mint) => {
      const other = world.manifest.stocks.find((s) => s.mint !== mint);
      if (other === undefined) throw new Error('the world has a single stock');
      return {
        mint: other.mint as Address,
        tokenProgram: other.tokenProgram as Address,
        decimals: other.decimals,
      };
    },
    ataOf: (owner, mint, tokenProgram) => findAssociatedTokenAddress({ owner, mint, tokenProgram }),
  };
}

/**
 * The maker's signature over the wrapped message changed by the mode's co-signature attack,
 * or null when the mode has none (the honest co-signature runs).
 *
 * @example
 * const r = await cosignTampered(world.marketMaker, mode, body.transaction);
 */
export async function cosignTampered(
  maker: KeyPairSigner,
  mode: AdversaryMode,
  wrappedBase64: string,
): Promise<Readonly<{ ok: true; transaction: string; signature: string }> | null> {
  const changed = tamperCosigned(mode, wrappedBase64, maker.address);
  if (changed === null) return null;
  const signed = await partiallySignTransaction([maker.keyPair], changed as never);
  return {
    ok: true,
    transaction: getBase64EncodedWireTransaction(signed),
    signature: getSignatureFromTransaction(signed),
  };
}

/**
 * `POST /admin/adversarial` `{ kind, victim? }`: every later fill carries the attack `kind`
 * (one of {@link ADVERSARIAL_FILL_KINDS}) against `victim` (the taker when absent);
 * `{ kind: null }` makes the maker honest again. Answers the mode in force.
 *
 * @example
 * routes.push(adversaryRoute(state));
 */
export function adversaryRoute(state: {
  mode: AdversaryMode | null;
}): readonly ['POST', string, (request: SimRequest) => SimResponse] {
  return [
    'POST',
    '/admin/adversarial',
    (request): SimResponse => {
      let body: { kind?: unknown; victim?: unknown };
      try {
        body = JSON.parse(request.body) as typeof body;
      } catch {
        return apiError(400, 'InvalidJson', 'the body is not valid JSON');
      }
      if (body.kind === null) {
        state.mode = null;
        return ok({ kind: null, victim: null, kinds: ADVERSARIAL_FILL_KINDS });
      }
      if (!ADVERSARIAL_FILL_KINDS.includes(body.kind as AdversarialFillKind)) {
        return apiError(
          400,
          'InvalidField',
          `kind must be null or one of ${ADVERSARIAL_FILL_KINDS.join(', ')}`,
          {
            field: 'kind',
          },
        );
      }
      if (
        body.victim !== undefined &&
        !(typeof body.victim === 'string' && BASE58_ADDRESS.test(body.victim))
      ) {
        return apiError(400, 'InvalidField', 'victim must be a base58 address', {
          field: 'victim',
        });
      }
      state.mode = {
        kind: body.kind as AdversarialFillKind,
        victim: (body.victim as Address | undefined) ?? null,
      };
      return ok({ ...state.mode, kinds: ADVERSARIAL_FILL_KINDS });
    },
  ];
}
