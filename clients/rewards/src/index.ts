export * from './claim-status-address.ts';
export * from './generated/index.ts';
export * from './hook-accounts.ts';
export * from './program-data.ts';
export * from './reward-accounts.ts';
