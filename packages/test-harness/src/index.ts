export * from './svm.ts';
export * from './send.ts';
