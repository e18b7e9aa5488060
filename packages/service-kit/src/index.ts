export * from './config.ts';
export * from './free-port.ts';
export * from './logger.ts';
export * from './metrics.ts';
export * from './periodic.ts';
export * from './run-service.ts';
export * from './server.ts';
