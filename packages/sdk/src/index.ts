export * from './decimal-amount.ts';
export * from './exact-ui-amount.ts';
export * from './f64-rational.ts';
export * from './fixed-multiplier.ts';
export * from './raw-amount.ts';
export * from './scaled-ui-amount.ts';
export * from './scaled-ui-amount-extension.ts';
export * from './sdk-errors.ts';
