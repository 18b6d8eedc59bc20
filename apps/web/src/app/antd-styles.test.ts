import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANTD_STYLES_SELECTOR, whenAntdStylesApply } from './antd-styles.ts';

/** The link as the build writes it, but for rel="stylesheet": the test's DOM would try to fetch it. */
const addLink = (): HTMLLinkElement => {
  const link = document.createElement('link');
  link.media = 'print';
  link.setAttribute('data-antd-styles', '');
  link.href = '/assets/antd-test.css';
  document.head.append(link);
  return link;
};

afterEach(() => {
  for (const link of document.querySelectorAll(ANTD_STYLES_SELECTOR)) link.remove();
  vi.restoreAllMocks();
});

describe("antd's stylesheet before the first draw", () => {
  it('draws at once on a page without it (the dev server)', () => {
    const draw = vi.fn();
    whenAntdStylesApply(draw);
    expect(draw).toHaveBeenCalledOnce();
  });

  it('waits for it to load, then makes it apply to the screen and draws once', () => {
    const link = addLink();
    vi.spyOn(performance, 'getEntriesByName').mockReturnValue([]);
    const draw = vi.fn();
    whenAntdStylesApply(draw);
    expect(draw).not.toHaveBeenCalled();
    vi.spyOn(link, 'sheet', 'get').mockReturnValue({} as CSSStyleSheet);
    link.dispatchEvent(new Event('load'));
    link.dispatchEvent(new Event('load'));
    expect(draw).toHaveBeenCalledOnce();
    expect(link.media).toBe('all');
  });

  it('draws when it failed to load, leaving it off the screen (antd then makes its CSS itself)', () => {
    const link = addLink();
    vi.spyOn(performance, 'getEntriesByName').mockReturnValue([]);
    const draw = vi.fn();
    whenAntdStylesApply(draw);
    link.dispatchEvent(new Event('error'));
    expect(draw).toHaveBeenCalledOnce();
    expect(link.media).toBe('print');
  });

  it('draws at once when its request is already over, loaded or failed', () => {
    const loaded = addLink();
    vi.spyOn(loaded, 'sheet', 'get').mockReturnValue({} as CSSStyleSheet);
    const draw = vi.fn();
    whenAntdStylesApply(draw);
    expect(draw).toHaveBeenCalledOnce();
    expect(loaded.media).toBe('all');
    loaded.remove();

    const failed = addLink();
    vi.spyOn(performance, 'getEntriesByName').mockReturnValue([{ name: failed.href } as PerformanceEntry]);
    const drawAgain = vi.fn();
    whenAntdStylesApply(drawAgain);
    expect(drawAgain).toHaveBeenCalledOnce();
    expect(failed.media).toBe('print');
  });
});
