import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_REACT_ROUTER } from './production-react-router.ts';

describe('productionReactRouter', () => {
  it('points the bundle at React Router’s production build, whose development warnings are off', () => {
    expect(PRODUCTION_REACT_ROUTER).toMatch(/react-router[\\/]dist[\\/]production[\\/]index\.mjs$/);
    // index.mjs re-exports its chunks, where the flag is set.
    const chunks = [...readFileSync(PRODUCTION_REACT_ROUTER, 'utf8').matchAll(/from "\.\/(chunk-[\w-]+\.mjs)"/g)].map(
      ([, file]) => file ?? '',
    );
    expect(chunks.length).toBeGreaterThan(0);
    const code = chunks.map((file) => readFileSync(path.join(path.dirname(PRODUCTION_REACT_ROUTER), file), 'utf8')).join('\n');
    expect(code).toContain('ENABLE_DEV_WARNINGS = false');
    expect(code).not.toContain('ENABLE_DEV_WARNINGS = true');
  });
});
