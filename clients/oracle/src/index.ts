export * from './ed25519-instruction.ts';
export * from './generated/index.ts';
export * from './keeper-signer.ts';
export * from './nav-payload.ts';
export * from './program-data.ts';
export * from './sku-id.ts';
