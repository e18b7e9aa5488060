// The issuer switches the local world's transfer hook of one stock (HOODx, held by TECH6):
//   npx tsx apps/world/src/hook-mode.ts [--dir .localnet] HOODx record|refuse
//   npx tsx apps/world/src/hook-mode.ts [--dir .localnet] HOODx refuse-account <address>
// A refusing hook fails every flow that moves the stock (or only those touching the account)
// as docs/vault.md's "Transfer hooks" describes; `record` lets them through again.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readWorldManifest } from '@basket/localnet';
import { type Address, address } from '@solana/kit';
import { loadWorldKeys } from './bootstrap/keys.ts';
import { MANIFEST_FILE } from './bootstrap/run-bootstrap.ts';
import { setWorldHookMode } from './bootstrap/transfer-hook.ts';
import { connectChain } from './chain.ts';

const USAGE =
  'usage: hook-mode.ts [--dir <world dir>] <SYMBOL> record | refuse | refuse-account <address>';

const { values, positionals } = parseArgs({
  options: { dir: { type: 'string' }, help: { type: 'boolean' } },
  allowPositionals: true,
});
const [symbol, mode, account] = positionals;
if (values.help || !symbol || !mode) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}
const dir = values.dir ?? '.localnet';
const manifest = readWorldManifest(join(dir, MANIFEST_FILE));
const stock = manifest.stocks.find((s) => s.symbol === symbol);
if (!stock?.transferHookProgram) {
  console.error(`${symbol}: not a stock of this world with a transfer hook set`);
  process.exit(2);
}
const parsed =
  mode === 'record' || mode === 'refuse'
    ? mode
    : mode === 'refuse-account' && account
      ? { refuseAccount: address(account) }
      : null;
if (parsed === null) {
  console.error(USAGE);
  process.exit(2);
}
const chain = connectChain(manifest.rpcUrl, manifest.wsUrl);
const { issuer } = await loadWorldKeys(dir);
await setWorldHookMode(chain, { issuer, mint: stock.mint as Address, mode: parsed });
console.log(`${symbol}: transfer hook ${mode}${account ? ` ${account}` : ''}`);
process.exit(0);
