export * from './issuer-mint.ts';
export * from './keys.ts';
export * from './send.ts';
export * from './svm.ts';
export * from './svm-rpc.ts';
export * from './token.ts';
export * from './token-extensions.ts';
export * from './upgradeable.ts';
