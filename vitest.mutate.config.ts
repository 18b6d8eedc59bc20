import { defineConfig } from 'vitest/config';

// The fast unit tests of the rule modules, for `npm run mutate` (Stryker, stryker.config.json): each
// mutant runs only the tests that cover it, so the slow app tests stay out.
export default defineConfig({
  test: {
    include: [
      'packages/contract/src/money-boundaries.test.ts',
      'packages/contract/src/decimals.test.ts',
      'apps/web/src/shared/format/money-rules.test.ts',
      'apps/server/src/modules/objectives/objective-formulas.test.ts',
      'apps/server/src/modules/objectives/objective-boundaries.test.ts',
      'apps/server/src/modules/objectives/objective-pace.test.ts',
      'apps/server/src/modules/funnels/funnel-math.test.ts',
      'apps/server/src/modules/funnels/funnel-boundaries.test.ts',
      'apps/server/src/modules/expectations/generate-expectations.test.ts',
      'apps/server/src/modules/playbook/plan-dates.test.ts',
      'apps/server/src/modules/playbook/plan-dates-boundaries.test.ts',
      'apps/server/src/modules/imports/cell-values.test.ts',
      'apps/server/src/modules/imports/cell-money-boundaries.test.ts',
      'apps/server/src/modules/imports/cell-dates.test.ts',
      'apps/server/src/modules/imports/date-order-boundaries.test.ts',
      'apps/server/src/modules/notifications/overspend-boundary.test.ts',
    ],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
