export * from './errors.ts';
export * from './instructions.ts';
export * from './pool.ts';
export * from './program.ts';
export * from './quote.ts';
export * from './vaults.ts';
