export * from './analytics.ts';
export * from './auth.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './realtime.ts';
export * from './shape-b.ts';
export * from './triggers.ts';
