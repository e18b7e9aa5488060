// `npm run scenario -- --help`: the steps listed from the same titles the run prints.
import { STEPS } from './steps/titles.ts';

export const HELP = `usage: npm run scenario [-- --rpc URL [--ws URL] [--world PATH]] [-- --help]

Runs the product end to end through the client SDK (@basket/sdk), as the dapp and the keeper
drive it: the real oracle, vault and rewards programs, each step a heading and its numbers
(raw amounts with their display value, compute units). Exits 1 with the failing step's typed
error if anything the product should do fails, 2 on a bad argument.

Without --rpc: on LiteSVM, in-process (the programs built from source, target/deploy/*.so);
keys are generated in the process and nothing leaves the machine.

  --rpc URL    run the same steps over JSON-RPC against a running local world (npm start):
               its programs, its keys (files under its keys directory) and a new SKU per
               run; the world's clock is moved forward where a step says so (30 days for the
               fees, a week for the epoch), so its NAV goes stale until the next push
  --ws URL     its PubSub endpoint (default: the manifest's)
  --world PATH the world's manifest (default: .localnet/world.json)

Steps:
${Object.values(STEPS)
  .map((title, i) => `  ${String(i + 1).padStart(2)}. ${title}`)
  .join('\n')}`;
