import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The last delivered signature per (webhook, program), in one JSON file per webhook, written
 * atomically (temp file + rename) after each acknowledged batch: a restart resumes after it,
 * so a delivery is repeated at most once (at least once, never lost).
 */
export function cursorStore(dir: string, webhook: string) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${webhook}.cursor.json`);
  let cursors: Record<string, string> = {};
  try {
    cursors = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    cursors = {};
  }
  return {
    get: (program: string): string | undefined => cursors[program],
    set(program: string, signature: string) {
      cursors = { ...cursors, [program]: signature };
      writeFileSync(`${file}.tmp`, JSON.stringify(cursors));
      renameSync(`${file}.tmp`, file);
    },
  };
}
