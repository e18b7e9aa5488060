export * from './generated/index.ts';
export * from './reward-accounts.ts';
