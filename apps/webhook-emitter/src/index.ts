export * from './config.ts';
export * from './cursor-store.ts';
export * from './emitter.ts';
export * from './start-emitter.ts';
