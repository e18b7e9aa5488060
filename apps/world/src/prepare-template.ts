// Builds this machine's world template for the current build, if it has none, before the test
// runner starts: the end-to-end suites then each copy it in seconds instead of one of them
// building it inside its own beforeAll (a minute or more on two cores) while the others wait
// against their hook timeouts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyWorldTemplate } from './world-template.ts';

const dir = await mkdtemp(join(tmpdir(), 'basket-world-prepare-'));
const started = Date.now();
try {
  await copyWorldTemplate(dir, (line) => console.log(line));
  console.log(`world template ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
