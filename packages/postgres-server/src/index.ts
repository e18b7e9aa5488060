export * from './server.ts';
export * from './test-server.ts';
