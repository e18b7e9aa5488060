export * from './config.ts';
export * from './decide.ts';
export * from './proxy.ts';
export * from './random.ts';
