export * from './clock.ts';
export * from './clock-state.ts';
export * from './rpc-call.ts';
export * from './start-localnet.ts';
export * from './validator-binary.ts';
export * from './wait-for.ts';
export * from './world-manifest.ts';
