// What the built bundle weighs and whether anything secret leaked into it. The page is public:
// any key, secret variable or keypair in it is published to every visitor.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

export type BundleFile = Readonly<{ path: string; bytes: number; gzipBytes: number }>;

/** Patterns that must never appear in the bundle, each with what it would mean. */
export const SECRET_PATTERNS: readonly (readonly [RegExp, string])[] = [
  [/sim-local-dev-key/, 'the tokenized-asset API key'],
  // The names alone appear in error messages; a name given a value is a leak.
  [
    /(TOKENIZED_API_KEY|WEBHOOK_SECRET|DATABASE_URL)['"]?\s*[:=]\s*['"`][^'"`]{8,}/,
    'a secret variable with a value',
  ],
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----/, 'a PEM private key'],
  // A Solana keypair file is a JSON array of 64 byte values.
  [/\[(\s*\d{1,3}\s*,){63}\s*\d{1,3}\s*\]/, 'a keypair byte array'],
  [/postgres(ql)?:\/\/[^'"\s]*:[^'"\s]*@/, 'a database URL with a password'],
];

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

export function auditBundle(dist: string): { files: BundleFile[]; findings: string[] } {
  const files: BundleFile[] = [];
  const findings: string[] = [];
  for (const path of walk(dist).sort()) {
    const content = readFileSync(path);
    files.push({
      path: relative(dist, path),
      bytes: content.length,
      gzipBytes: gzipSync(content).length,
    });
    const text = content.toString('utf8');
    for (const [pattern, what] of SECRET_PATTERNS) {
      if (pattern.test(text)) findings.push(`${relative(dist, path)}: ${what}`);
    }
  }
  return { files, findings };
}
