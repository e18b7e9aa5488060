export * from './free-port.ts';
export * from './server.ts';
export * from './test-server.ts';
