export * from './authority.ts';
export * from './generated/index.ts';
