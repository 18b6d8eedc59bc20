export * from './common.ts';
export * from './identity.ts';
export * from './route.ts';
export * from './tenants.ts';
export * from './paths.ts';
