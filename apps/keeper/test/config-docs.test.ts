// docs/keeper.md's configuration table against the configuration's own environment map: every
// variable service/config.ts reads has a row (as monitoring.test.ts holds runbook links to
// their headings), so an operator never meets a setting only the source names.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@basket/localnet';
import { describe, expect, it } from 'vitest';
import { SIGNER_NAMES } from '../src/service/signer-config.ts';

const read = (path: string) => readFileSync(join(repoRoot(), path), 'utf8');
const NAME = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;

/** Every environment variable the config reads: its name map, every role's signer variables
 * (`KEEPER_*`, `KEEPER_TRADE_*`, `KEEPER_NAV_*`, ...: signer-config.ts) and every direct `env.X`. */
function configVariables(source: string): string[] {
  const map = /const NAMES[^=]*= \{([\s\S]*?)\n\};/.exec(source)?.[1] ?? '';
  const named = map
    .split('\n')
    .flatMap((line) => [...(/: '([^']*)'/.exec(line)?.[1] ?? '').matchAll(NAME)].map((m) => m[0]));
  const signers = Object.values(SIGNER_NAMES);
  const direct = [...source.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1] as string);
  return [...new Set([...named, ...signers, ...direct])].sort();
}

/** The variables named in the first column of the table under "## Configuration". */
function documentedVariables(doc: string): { names: Set<string>; prefixes: string[] } {
  const section = doc.slice(doc.indexOf('## Configuration'));
  const rows = section.slice(0, section.indexOf('\n\n', section.indexOf('| variable |')));
  const cells = [...rows.matchAll(/^\| ([^|]+) \|/gm)].map((m) => m[1] as string);
  const names = cells.flatMap((c) => [...c.matchAll(/`([A-Z][A-Z0-9_]*\*?)`/g)].map((m) => m[1]));
  return {
    names: new Set(names.filter((n): n is string => !!n && !n.endsWith('*'))),
    prefixes: names.filter((n): n is string => !!n?.endsWith('*')).map((n) => n.slice(0, -1)),
  };
}

describe("docs/keeper.md's configuration table", () => {
  const variables = configVariables(read('apps/keeper/src/service/config.ts'));

  it('reads the environment map of the config', () => {
    // The map's parse finds the plain, the trade-prefixed and the direct reads.
    expect(variables).toEqual(
      expect.arrayContaining([
        'KEEPER_DATA_DIR',
        'KEEPER_DISTRIBUTIONS_DIR',
        'KEEPER_TRADE_SIGNER',
        'KEEPER_NAV_KEYPAIR_FILE',
        'KEEPER_DISTRIBUTOR_SIGNER',
        'KEEPER_FEE_PAYER_VAULT_TOKEN',
        'KEEPER_CONFIG',
      ]),
    );
    expect(variables.length).toBeGreaterThan(40);
  });

  it('has a row for every variable the config reads', () => {
    const { names, prefixes } = documentedVariables(read('docs/keeper.md'));
    const missing = variables.filter(
      (v) => !names.has(v) && !prefixes.some((p) => v.startsWith(p)),
    );
    expect(missing).toEqual([]);
  });
});
