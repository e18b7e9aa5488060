export * from './generated/index.ts';
