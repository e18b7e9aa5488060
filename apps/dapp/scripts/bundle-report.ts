// `npm run bundle-report -w @basket/dapp`: builds the web bundle into a temporary directory and
// prints each file's size, raw and gzipped, and any secret found in it (exit 1 then).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBundle } from '../src/server/build-bundle.ts';
import { auditBundle } from '../src/server/bundle-audit.ts';

const out = mkdtempSync(join(tmpdir(), 'dapp-bundle-'));
try {
  await ensureBundle(out, () => {});
  const { files, findings } = auditBundle(out);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const rows = files.map((f) => [f.path, kb(f.bytes), kb(f.gzipBytes)]);
  const total = files.reduce((a, f) => ({ bytes: a.bytes + f.bytes, gzip: a.gzip + f.gzipBytes }), {
    bytes: 0,
    gzip: 0,
  });
  rows.push(['total', kb(total.bytes), kb(total.gzip)]);
  console.log('| file | size | gzip |\n|---|---:|---:|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  if (findings.length > 0) {
    console.error(`secrets in the bundle:\n${findings.map((f) => `  - ${f}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('secrets: none found');
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
