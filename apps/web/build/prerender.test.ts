import { describe, expect, it } from 'vitest';
import { paths } from '@plansmith/contract';
import {
  LOGIN_TITLE,
  withAntdStyles,
  withDrawnPageScript,
  withFallback,
  withInlineStyles,
  withLowPriorityScripts,
  withPrerenderedPage,
  withTitle,
} from './prerender.ts';

const INDEX =
  '<!doctype html><head><link rel="stylesheet" crossorigin href="/assets/index-ab12.css"></head><body><div id="root"></div></body>';

describe('the HTML drawn at build time', () => {
  it('writes the entry stylesheet into the head instead of linking it', () => {
    const html = withInlineStyles(INDEX, (href) => (href === '/assets/index-ab12.css' ? '.a{color:red}' : 'wrong file'));
    expect(html).toBe('<!doctype html><head><style>.a{color:red}</style></head><body><div id="root"></div></body>');
  });

  it('puts a drawn page in #root with its CSS, fields read-only and buttons that send nothing until its script enables them', () => {
    const html = withPrerenderedPage(INDEX, {
      html: '<form><input id="login-email" type="email"/><button type="submit" class="b">Sign In</button></form>',
      css: '.b{color:blue}',
    });
    expect(html).toContain('<style data-prerendered="">.b{color:blue}</style></head>');
    expect(html).toContain(
      '<div id="root" data-prerendered=""><form><input readonly="" id="login-email" type="email"/><button type="button" data-submits="" class="b">Sign In</button></form></div>',
    );
  });

  it("gives the drawn page its own script instead of the app's, and lists the app's files for it to prefetch", () => {
    const drawn = withPrerenderedPage(
      '<head><script type="module" crossorigin fetchpriority="low" src="/assets/index-1.js"></script>\n<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/kit-1.js">\n</head><body><div id="root"></div></body>',
      { html: '<form></form>', css: '' },
    );
    const html = withDrawnPageScript(drawn, 'enable()', ['/assets/antd-1.css', '/assets/kit-1.js', '/assets/shell-1.js']);
    expect(html).not.toMatch(/<script type="module"|modulepreload/);
    expect(html).toContain(
      '<div id="root" data-prerendered="" data-app-assets="/assets/index-1.js /assets/kit-1.js /assets/antd-1.css /assets/shell-1.js"><form></form></div><script>enable()</script></body>',
    );
    expect(() => withDrawnPageScript(drawn, 'a("</script>")')).toThrow(/<\/script/);
  });

  it('names the drawn page in its tab as the router does', () => {
    expect(withTitle('<head><title>Plansmith</title></head>', 'Sign In')).toBe('<head><title>Sign In · Plansmith</title></head>');
    expect(LOGIN_TITLE).toBe(paths.login.title);
  });

  it("puts the router's fallback in #root, and refuses an index.html whose #root is not empty", () => {
    expect(withFallback(INDEX, '<p role="status">Loading</p>')).toContain('<div id="root"><p role="status">Loading</p></div>');
    expect(() => withFallback(INDEX.replace('<div id="root"></div>', '<div id="root">x</div>'), '')).toThrow(/empty/);
  });

  it("links antd's stylesheet after the title, before the app's own styles, as a print stylesheet the app switches on", () => {
    const html = withAntdStyles('<head><title>Plansmith</title><style>.app{}</style></head>', '/assets/antd-x1.css');
    expect(html).toBe(
      '<head><title>Plansmith</title>\n    <link rel="stylesheet" href="/assets/antd-x1.css" media="print" data-antd-styles=""><style>.app{}</style></head>',
    );
    expect(() => withAntdStyles(INDEX, '/assets/antd-x1.css')).toThrow(/title/);
  });

  it('announces the entry script and its preloads at low priority, and leaves other tags alone', () => {
    const html = withLowPriorityScripts(
      '<script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/kit-1.js"><link rel="icon" href="/favicon.svg">',
    );
    expect(html).toBe(
      '<script type="module" crossorigin fetchpriority="low" src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/kit-1.js"><link rel="icon" href="/favicon.svg">',
    );
  });
});
