export * from './shared/banners.ts';
export * from './shared/geofence.ts';
export * from './shared/money.ts';
export * from './shared/terms.ts';
export * from './shared/transaction-gate.ts';
