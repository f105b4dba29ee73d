export * from './openapi-document.ts';
export * from './v1-contracts.ts';
export * from './v1-examples.ts';
export * from './v1-operations.ts';
export * from './v1-update-trigger.ts';
