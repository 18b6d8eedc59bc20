// Every Drizzle table in one layer that any module may read; migrations are the source, schema.test.ts keeps them equal.
export * from './activities.ts';
export * from './billing.ts';
export * from './budget.ts';
export * from './categories.ts';
export * from './comments.ts';
export * from './expenses.ts';
export * from './identity.ts';
export * from './lookups.ts';
export * from './mail.ts';
export * from './objectives.ts';
export * from './payments.ts';
export * from './plans.ts';
export * from './products.ts';
export * from './registration.ts';
export * from './stripe-sandbox.ts';
export * from './teams.ts';
export * from './tenants.ts';
