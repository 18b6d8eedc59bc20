import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildEarlyScript, withEarlyScript } from './early-script.ts';

describe('the early requests script', () => {
  it('is one small classic script that imports nothing and sends the shell’s requests', async () => {
    const code = await buildEarlyScript(path.resolve(import.meta.dirname, '..'));
    expect(code).not.toMatch(/\bimport\s*[{(*'"]|\bexport\s/);
    expect(code).toContain('/api/MarketingPlanClient/GetMarketingPlans');
    expect(code).not.toContain('zod');
    expect(code.length).toBeLessThan(4096);
  }, 30_000);

  it('goes at the end of the body, after what paints first, and never with a closing script tag inside', () => {
    const html = '<html><head><title>Plansmith</title></head><body><div id="root">Loading</div></body></html>';
    expect(withEarlyScript(html, 'send($&)')).toBe(
      '<html><head><title>Plansmith</title></head><body><div id="root">Loading</div><script>send($&)</script></body></html>',
    );
    expect(() => withEarlyScript('<html></html>', 'send()')).toThrow(/<\/body>/);
    expect(() => withEarlyScript(html, 'a("</script>")')).toThrow(/<\/script/);
  });
});
