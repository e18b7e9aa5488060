// The event part of `npm run codegen`: straight-line readers of each program's event payloads,
// generated from the same IDL type definitions as the Codama codecs (idl/<program>.json) and
// the event table (idl/events/<program>.json). The indexer decodes every event it ingests, and
// the composed Kit decoders (struct of fixed-size codecs, one closure per field) cost most of
// that time; these read each field at its offset from a DataView instead, with the same
// values (field names, field order, bigint for 64/128-bit, number below, a copy for bytes,
// plain arrays). Addresses are read by the function the caller passes (the SDK's base58
// encoder), so the clients carry no encoder of their own. A type this cannot read fails the
// codegen run instead of generating a wrong reader.

const pascal = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** Bytes and DataView getter of each number format (little-endian). */
const NUMBERS = {
  u8: [1, 'getUint8'],
  u16: [2, 'getUint16'],
  u32: [4, 'getUint32'],
  u64: [8, 'getBigUint64'],
  i8: [1, 'getInt8'],
  i16: [2, 'getInt16'],
  i32: [4, 'getInt32'],
  i64: [8, 'getBigInt64'],
  u128: [16, null],
  i128: [16, null],
};

function fail(where, node) {
  throw new Error(
    `codegen events: ${where}: no payload reader for ${JSON.stringify(node).slice(0, 160)}`,
  );
}

/** The payload size of `node` in bytes (every event field is fixed size). */
function sizeOf(node, types, where) {
  switch (node.kind) {
    case 'numberTypeNode':
      if (!(node.format in NUMBERS) || node.endian !== 'le') fail(where, node);
      return NUMBERS[node.format][0];
    case 'publicKeyTypeNode':
      return 32;
    case 'booleanTypeNode':
      return sizeOf(node.size, types, where);
    case 'fixedSizeTypeNode':
      if (node.type.kind !== 'bytesTypeNode') fail(where, node);
      return node.size;
    case 'arrayTypeNode':
      if (node.count.kind !== 'fixedCountNode') fail(where, node);
      return node.count.value * sizeOf(node.item, types, `${where}[]`);
    case 'structTypeNode':
      return node.fields.reduce((n, f) => n + sizeOf(f.type, types, `${where}.${f.name}`), 0);
    case 'definedTypeLinkNode':
      return sizeOf(resolve(node, types, where), types, where);
    default:
      return fail(where, node);
  }
}

function resolve(link, types, where) {
  const found = types.get(link.name);
  if (found === undefined) fail(where, link);
  return found.type;
}

/** A TypeScript expression reading `node` at byte offset `at` of `b` (DataView `v`). */
function readerOf(node, at, types, where, indent) {
  switch (node.kind) {
    case 'numberTypeNode': {
      const [, getter] = NUMBERS[node.format];
      if (node.format === 'u8') return `b[${at}] as number`;
      if (getter !== null) return `v.${getter}(${at}, true)`;
      // As Kit's 128-bit decoders: the high half shifted over the low half.
      const high = node.format === 'i128' ? 'getBigInt64' : 'getBigUint64';
      return `(v.${high}(${at + 8}, true) << 64n) | v.getBigUint64(${at}, true)`;
    }
    case 'publicKeyTypeNode':
      return `readAddress(b, ${at})`;
    case 'booleanTypeNode': {
      // As Kit's boolean decoder: true exactly when the stored number is 1.
      const stored = readerOf(node.size, at, types, where, indent);
      return node.size.format in { u64: 1, i64: 1, u128: 1, i128: 1 }
        ? `(${stored}) === 1n`
        : `(${stored}) === 1`;
    }
    case 'fixedSizeTypeNode':
      return `b.slice(${at}, ${at + node.size})`;
    case 'arrayTypeNode': {
      const step = sizeOf(node.item, types, where);
      const items = Array.from({ length: node.count.value }, (_, i) =>
        readerOf(node.item, at + i * step, types, `${where}[${i}]`, `${indent}  `),
      );
      return `[\n${items.map((x) => `${indent}  ${x},`).join('\n')}\n${indent}]`;
    }
    case 'structTypeNode': {
      let offset = at;
      const fields = node.fields.map((f) => {
        const line = `${indent}  ${f.name}: ${readerOf(f.type, offset, types, `${where}.${f.name}`, `${indent}  `)},`;
        offset += sizeOf(f.type, types, where);
        return line;
      });
      return `{\n${fields.join('\n')}\n${indent}}`;
    }
    case 'definedTypeLinkNode':
      return readerOf(resolve(node, types, where), at, types, where, indent);
    default:
      return fail(where, node);
  }
}

/** `node` with every defined-type link replaced by its definition and no docs: a layout. */
export function inlineLayout(node, types) {
  if (Array.isArray(node)) return node.map((n) => inlineLayout(n, types));
  if (node === null || typeof node !== 'object') return node;
  if (node.kind === 'definedTypeLinkNode')
    return inlineLayout(resolve(node, types, node.name), types);
  const out = {};
  for (const [k, v] of Object.entries(node)) if (k !== 'docs') out[k] = inlineLayout(v, types);
  return out;
}

/** The TypeScript type of what `readerOf` returns for `node` (an inlined layout). */
function typeOf(node, indent) {
  switch (node.kind) {
    case 'numberTypeNode':
      return NUMBERS[node.format][0] >= 8 ? 'bigint' : 'number';
    case 'publicKeyTypeNode':
      return 'Address';
    case 'booleanTypeNode':
      return 'boolean';
    case 'fixedSizeTypeNode':
      return 'ReadonlyUint8Array';
    case 'arrayTypeNode':
      return `Array<${typeOf(node.item, indent)}>`;
    case 'structTypeNode':
      return `{\n${node.fields.map((f) => `${indent}  ${f.name}: ${typeOf(f.type, `${indent}  `)};`).join('\n')}\n${indent}}`;
    default:
      return fail('history', node);
  }
}

const tableOf = (e) => ({
  discriminator: e.discriminator,
  size: e.size,
  minSize: e.minSize ?? e.size,
  itemSize: e.itemSize ?? 0,
  countOffset: e.countOffset ?? null,
});

/**
 * Checks the program's events against its ledger of released layouts
 * (idl/events/<program>.history.json: every event version ever released, with its table
 * numbers and inlined layout). A released version's layout never changes: a current event
 * whose version is in the ledger must match one of its recorded layouts exactly. A current
 * version not in the ledger is released now: appended when `record`, an error otherwise (the
 * check run). Nothing is ever removed or rewritten. Returns the ledger and the errors.
 */
export function checkLedger(program, programNode, events, ledger, record) {
  const types = new Map(programNode.definedTypes.map((t) => [t.name, t]));
  const errors = [];
  const out = [...ledger];
  const ids = new Set();
  for (const r of ledger) {
    if (ids.has(r.id)) errors.push(`${program} ledger: id ${r.id} twice`);
    ids.add(r.id);
    const same = ledger.filter((x) => x.name === r.name && x.version === r.version);
    if (same.some((x) => x !== r && x.size === r.size)) {
      errors.push(`${program} ledger: ${r.name} v${r.version} has two layouts of one size`);
    }
  }
  for (const e of events) {
    const layout = inlineLayout(types.get(e.type).type, types);
    const mine = JSON.stringify({ table: tableOf(e), layout });
    const recorded = ledger.filter((r) => r.name === e.name && r.version === e.version);
    if (recorded.some((r) => JSON.stringify({ table: tableOf(r), layout: r.layout }) === mine)) {
      continue;
    }
    if (recorded.length > 0) {
      errors.push(
        `${program}.${e.name} v${e.version}: its layout differs from the released one ` +
          `(idl/events/${program}.history.json ${recorded.map((r) => r.id).join(', ')}): ` +
          'events already on chain carry that layout under this version; bump the version',
      );
    } else if (!record) {
      errors.push(
        `${program}.${e.name} v${e.version} is not in idl/events/${program}.history.json: run \`npm run codegen\``,
      );
    } else {
      out.push({
        id: `${e.name}.v${e.version}`,
        name: e.name,
        version: e.version,
        ...tableOf(e),
        type: e.type,
        layout,
      });
    }
  }
  return { ledger: out, errors };
}

/** The ledger's layouts no current event has: each a reader and a type of its own. */
export function supersededOf(events, ledger) {
  return ledger.filter(
    (r) =>
      !events.some(
        (e) =>
          e.name === r.name &&
          e.version === r.version &&
          JSON.stringify(tableOf(e)) === JSON.stringify(tableOf(r)),
      ),
  );
}

/** The generated type name of a superseded layout: `deposit.v2-128b` is `DepositEventV2_128b`. */
export const historyTypeName = (r) =>
  `${pascal(r.type)}V${r.id.slice(r.id.indexOf('.v') + 2).replace('-', '_')}`;

/**
 * `src/generated/eventReaders.ts` of `program`: `create<Program>EventReaders(readAddress)`
 * returns one reader per event name of `events` (idl/events/<program>.json), and
 * `create<Program>EventHistoryReaders(readAddress)` one per superseded layout of the ledger.
 */
export function renderEventReaders(program, programNode, events, superseded = []) {
  const P = pascal(program);
  const types = new Map(programNode.definedTypes.map((t) => [t.name, t]));
  const readers = events.map((e) => {
    const where = `${program}.${e.name}`;
    const type = types.get(e.type)?.type;
    if (type === undefined) throw new Error(`codegen events: ${where}: type ${e.type} not in IDL`);
    const size = sizeOf(type, types, where);
    if (size !== e.size) {
      throw new Error(
        `codegen events: ${where}: the IDL type is ${size} bytes, the table ${e.size}`,
      );
    }
    return `    /** ${e.name} v${e.version}: ${e.size} bytes. */\n    ${e.name}: (b: Uint8Array, v: DataView): ${pascal(e.type)} => (${readerOf(type, 0, types, where, '    ')}),`;
  });
  const none = new Map();
  const historyTypes = superseded.map((r) => {
    const where = `${program}.${r.id}`;
    if (sizeOf(r.layout, none, where) !== r.size) {
      throw new Error(`codegen events: ${where}: the ledger's layout is not ${r.size} bytes`);
    }
    return `/** ${r.name} v${r.version} as released (${r.size} bytes, since ${r.firstCommit ?? 'this ledger'}). */\nexport type ${historyTypeName(r)} = ${typeOf(r.layout, '')};`;
  });
  const historyReaders = superseded.map(
    (r) =>
      `    /** ${r.name} v${r.version}: ${r.size} bytes. */\n    "${r.id}": (b: Uint8Array, v: DataView): ${historyTypeName(r)} => (${readerOf(r.layout, 0, none, `${program}.${r.id}`, '    ')}),`,
  );
  const typeNames = [...new Set(events.map((e) => pascal(e.type)))];
  return `/**
 * This code was generated by scripts/codegen.mjs from idl/${program}.json, idl/events/${program}.json and idl/events/${program}.history.json.
 * Please DO NOT EDIT THIS FILE: change programs/${program}/src/events.rs and run \`npm run codegen\`.
 */

import type { Address${superseded.length > 0 ? ', ReadonlyUint8Array' : ''} } from "@solana/kit";
import type { ${typeNames.join(', ')} } from "./types";

/**
 * Readers of every ${program} event payload by event name: each field read at its offset, the
 * same value as the event's generated decoder. \`b\` is the whole payload (the event's size),
 * \`v\` a DataView over exactly those bytes; \`readAddress\` turns 32 bytes into an address.
 */
export function create${P}EventReaders(readAddress: (bytes: Uint8Array, offset: number) => Address) {
  return {
${readers.join('\n')}
  } as const;
}
${historyTypes.map((t) => `\n${t}\n`).join('')}
/**
 * Readers of every superseded ${program} event layout still on chain (an earlier deployment's
 * events), by ledger id, as the readers above.
 */
export function create${P}EventHistoryReaders(${superseded.length > 0 ? '' : '_'}readAddress: (bytes: Uint8Array, offset: number) => Address) {
  return {${historyReaders.map((r) => `\n${r}`).join('')}
  } as const;
}
`;
}
