export * from './adversarial.ts';
export * from './api-routes.ts';
export * from './config.ts';
export * from './pool-reader.ts';
export * from './quote-response.ts';
export * from './routing.ts';
export * from './start-aggregator.ts';
export * from './swap-instructions.ts';
