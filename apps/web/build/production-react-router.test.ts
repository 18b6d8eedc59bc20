import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_REACT_ROUTER } from './production-react-router.ts';

describe('productionReactRouter', () => {
  it('points the bundle at React Router’s production build, whose development warnings are off', () => {
    expect(PRODUCTION_REACT_ROUTER).toMatch(/react-router[\\/]dist[\\/]production[\\/]index\.mjs$/);
    const chunks = readFileSync(PRODUCTION_REACT_ROUTER, 'utf8').match(/from "\.\/(chunk-[\w-]+\.mjs)"/g) ?? [];
    expect(chunks.length).toBeGreaterThan(0);
    const code = chunks.map((line) => readFileSync(PRODUCTION_REACT_ROUTER.replace('index.mjs', line.slice(8, -1)), 'utf8')).join('\n');
    expect(code).toContain('ENABLE_DEV_WARNINGS = false');
    expect(code).not.toContain('ENABLE_DEV_WARNINGS = true');
  });
});
