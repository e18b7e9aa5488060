// Every transaction the product sends carries a priority fee from the policy (issue 33): the
// places that put a transaction on the wire in the keeper, the dapp and the operator CLI are
// enumerated from the source, and each must be one of the audited senders below, which price
// their messages (the keeper's fenced send, the RFQ fills asked for with the policy's budget,
// the dapp's transaction runner, the world chain the CLI lands through with its cap, the CLI's
// proposals priced when built). A new sender fails this test until it is priced and listed.
// The local world's bootstrap and the demo drivers (users and operators acting in the local
// world, not the product) are outside, as the issue says.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
/** Where the product sends from (and the world chain the CLI lands through). */
const SCOPES = ['apps/keeper/src', 'apps/dapp/src', 'apps/ops/src', 'apps/world/src/chain.ts'];
/** The local world's own tooling, outside "the product" (issue 33: bootstrap excepted). */
const OUTSIDE = [/^apps\/keeper\/src\/demo\//];

/** What puts a transaction on the wire, directly or through the SDK's senders. */
const WIRE = [
  /\.sendTransaction\(/,
  /\bcreateSendAndConfirm\(/,
  /\bcreateResilientSendAndConfirm\(/,
  /\bsendResiliently\(/,
  /\bsendAndConfirmTransactionFactory\(/,
  /\bsendTransactionWithoutConfirmingFactory\(/,
];

/** Each sender, and what in the same file shows its messages are priced by the policy. */
const AUDITED: Record<string, { priced: RegExp; how: string }> = {
  'apps/keeper/src/chain/fenced-send.ts': {
    priced:
      /priorityFeeMicroLamports: decided\.microLamportsPerCu|build\(value, decided\.microLamportsPerCu\)/,
    how: "every keeper job's send: the estimator's price for the job under its cap",
  },
  'apps/keeper/src/chain/landing-deps.ts': {
    priced: /sendWire/,
    how: 'the wire of the fenced send (above): it sends what fenced-send.ts built and priced',
  },
  'apps/dapp/src/web/data/transaction.ts': {
    priced: /priorityFeeMicroLamports: decided\.microLamportsPerCu/,
    how: 'every dapp flow: the network fee decided (and shown) before the wallet signs',
  },
  'apps/world/src/chain.ts': {
    priced: /priorityFeeMicroLamports: price/,
    how: "the CLI's landings (land, landRaw: deploys, init, rotations) at the CLI's cap",
  },
  'apps/ops/src/submit.ts': {
    priced: /./,
    how: 'a proposal: its message priced when built (proposal-fee.ts), signed by the admins as is',
  },
};

function files(path: string): string[] {
  const full = join(ROOT, path);
  if (/\.tsx?$/.test(path)) return [path];
  return readdirSync(full, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(join(path, e.name))
      : /\.tsx?$/.test(e.name)
        ? [relative(ROOT, join(full, e.name))]
        : [],
  );
}

/** The file's code without comments (a sender named in prose is not a sender). */
const code = (path: string) =>
  readFileSync(join(ROOT, path), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

describe('every sender of the product prices its transactions', () => {
  const senders = SCOPES.flatMap(files)
    .filter((f) => !OUTSIDE.some((o) => o.test(f)))
    .filter((f) => WIRE.some((w) => w.test(code(f))))
    .sort();

  it('finds exactly the audited senders', () => {
    expect(senders).toEqual(Object.keys(AUDITED).sort());
  });

  it.each(Object.entries(AUDITED))('%s prices what it sends', (path, { priced }) => {
    expect(code(path)).toMatch(priced);
  });

  it('the CLI connects with its priority-fee cap wherever it lands transactions', () => {
    const cli = code('apps/ops/src/cli-context.ts');
    expect(cli).toMatch(
      /connectChain\([^)]*\{\s*priorityFeeCapLamports: OPS_PRIORITY_FEE_CAP_LAMPORTS/,
    );
    // The one other connection reads a world to describe it (config from-world), sending nothing.
    const main = code('apps/ops/src/main.ts');
    const bare = main.match(/connectChain\(/g) ?? [];
    expect(bare.length).toBe(1);
    expect(main).toMatch(
      /const chain = connectChain\(manifest\.rpcUrl, manifest\.wsUrl\);\s*writeFileSync\(o\.out, await environmentFromWorld\(chain, manifest\)\)/,
    );
  });

  it("the proposals' messages carry the policy's price before the admins sign", () => {
    expect(code('apps/ops/src/propose.ts')).toMatch(/await proposalPriorityFee\(/);
    expect(code('apps/ops/src/propose.ts')).toMatch(/setComputeBudget\(/);
    expect(code('apps/ops/src/proposal-fee.ts')).toMatch(/decidePriorityFee\(/);
  });

  it('the RFQ fills ask for the policy’s budget (the maker pays it)', () => {
    for (const path of [
      'apps/keeper/src/routes/rfq-route.ts',
      'apps/keeper/src/jobs/reward-purchase-routes.ts',
    ]) {
      expect(code(path)).toMatch(/\.\.\.budgetRequestFields\(budget\)/);
      expect(code(path)).toMatch(/computeBudget: \{ unitLimit: budget\.unitLimit/);
    }
  });
});
