import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyChart } from './lazy-chart.tsx';

/**
 * The browser's IntersectionObserver, which happy-dom only stubs (it never reports): this one
 * reports what the test says is in view. A browser API, not our code.
 */
const observed: { target: Element; report: (inView: boolean) => void }[] = [];
class ReportingIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    observed.push({
      target,
      // The casts: lazyChart reads only isIntersecting of the entry and never the observer, so the fake
      // gives just those instead of the whole DOM interfaces.
      report: (inView) =>
        this.callback([{ target, isIntersecting: inView } as IntersectionObserverEntry], this as unknown as IntersectionObserver),
    });
  }
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

/** Where happy-dom (which lays nothing out) puts the chart's box: `top` px from the top of the view. */
const placeBoxesAt = (top: number) =>
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top, bottom: top + 280 } as DOMRect);

const makeChart = (whenInView = true) => {
  const load = vi.fn(async () => ({ label }: { label: string }) => <div role="img" aria-label={label} />);
  return { load, Chart: lazyChart(load, () => 280, { whenInView }) };
};

describe('a lazily drawn chart', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    observed.length = 0;
  });

  it('below the first screen, is neither loaded nor drawn until it comes into view: its box holds the place', async () => {
    vi.stubGlobal('IntersectionObserver', ReportingIntersectionObserver);
    placeBoxesAt(window.innerHeight + 400);
    const { load, Chart } = makeChart();
    const { container } = render(<Chart label="Spend by month" />);

    expect(load).not.toHaveBeenCalled();
    expect(container.querySelector('[aria-busy="true"]')?.getAttribute('style')).toContain('height: 280px');
    await act(async () => observed[0]?.report(false));
    expect(load).not.toHaveBeenCalled();

    await act(async () => observed[0]?.report(true));
    expect(await screen.findByRole('img', { name: 'Spend by month' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('on the first screen, is loaded and drawn at once', async () => {
    vi.stubGlobal('IntersectionObserver', ReportingIntersectionObserver);
    placeBoxesAt(120);
    const { load, Chart } = makeChart();
    render(<Chart label="Spend by month" />);
    expect(await screen.findByRole('img', { name: 'Spend by month' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    expect(observed).toEqual([]);
  });

  it('without whenInView (a table or form drawn this way), is loaded and drawn below the first screen too', async () => {
    vi.stubGlobal('IntersectionObserver', ReportingIntersectionObserver);
    placeBoxesAt(window.innerHeight + 400);
    const { load, Chart } = makeChart(false);
    render(<Chart label="Stages" />);
    expect(await screen.findByRole('img', { name: 'Stages' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
