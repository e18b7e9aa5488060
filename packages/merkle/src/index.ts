export * from './allocation.ts';
export * from './distribution.ts';
export * from './hash.ts';
export * from './tree.ts';
