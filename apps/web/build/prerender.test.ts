import { describe, expect, it } from 'vitest';
import { withFallback, withInlineStyles, withPrerenderedPage } from './prerender.ts';

const INDEX =
  '<!doctype html><head><link rel="stylesheet" crossorigin href="/assets/index-ab12.css"></head><body><div id="root"></div></body>';

describe('the HTML drawn at build time', () => {
  it('writes the entry stylesheet into the head instead of linking it', () => {
    const html = withInlineStyles(INDEX, (href) => (href === '/assets/index-ab12.css' ? '.a{color:red}' : 'wrong file'));
    expect(html).toBe('<!doctype html><head><style>.a{color:red}</style></head><body><div id="root"></div></body>');
  });

  it('puts a drawn page in #root with its CSS, fields read-only and buttons that send nothing until React takes over', () => {
    const html = withPrerenderedPage(INDEX, {
      html: '<form><input id="login-email" type="email"/><button type="submit" class="b">Sign In</button></form>',
      css: '.b{color:blue}',
    });
    expect(html).toContain('<style data-prerendered="">.b{color:blue}</style></head>');
    expect(html).toContain(
      '<div id="root" data-prerendered=""><form><input readonly="" id="login-email" type="email"/><button type="button" data-submits="" class="b">Sign In</button></form></div>',
    );
  });

  it("puts the router's fallback in #root, and refuses an index.html whose #root is not empty", () => {
    expect(withFallback(INDEX, '<p role="status">Loading</p>')).toContain('<div id="root"><p role="status">Loading</p></div>');
    expect(() => withFallback(INDEX.replace('<div id="root"></div>', '<div id="root">x</div>'), '')).toThrow(/empty/);
  });
});
