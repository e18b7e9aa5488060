// The keeper's world suites start the local keeper world of the trading-day demo (one
// definition: apps/keeper/src/demo/local-world.ts).
export * from '../../src/demo/local-world.ts';
