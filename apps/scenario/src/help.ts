// `npm start -- --help`: the steps listed from the same titles the run prints.
import { STEPS } from './steps/titles.ts';

export const HELP = `usage: npm start [-- --help]

Builds the programs if needed (target/deploy/*.so), then runs the product end to end on
LiteSVM, in-process: the real oracle, vault and rewards programs, driven through the client
SDK (@basket/sdk) as the dapp and the keeper drive them. Keys are generated in the process;
nothing is read from the environment and nothing leaves the machine. Each step prints a
heading and its numbers (raw amounts with their display value, compute units). Exits 1 with
the failing step's typed error if anything the product should do fails.

Steps:
${Object.values(STEPS)
  .map((title, i) => `  ${String(i + 1).padStart(2)}. ${title}`)
  .join('\n')}`;
