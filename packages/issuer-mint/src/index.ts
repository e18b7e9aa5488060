export * from './issuer-mint.ts';
export * from './issuer-powers.ts';
export * from './token-instructions.ts';
