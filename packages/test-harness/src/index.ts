export * from './svm.ts';
export * from './send.ts';
export * from './token.ts';
