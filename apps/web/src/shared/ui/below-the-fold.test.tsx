import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BelowTheFoldOnPhone } from './below-the-fold.tsx';

type HappyWindow = Window & { happyDOM: { setViewport: (size: { width: number; height: number }) => void } };
const setWidth = (width: number) => (window as unknown as HappyWindow).happyDOM.setViewport({ width, height: 844 });

/** Whether the part was in the page when the first render was committed. */
const renderWithProbe = async () => {
  const inFirstCommit: boolean[] = [];
  const Probe = () => {
    useLayoutEffect(() => {
      inFirstCommit.push(document.querySelector('[data-testid="part"]') !== null);
    }, []);
    return <h1>In view</h1>;
  };
  render(
    <>
      <Probe />
      <BelowTheFoldOnPhone>
        <div data-testid="part" />
      </BelowTheFoldOnPhone>
    </>,
  );
  await screen.findByTestId('part');
  return inFirstCommit[0];
};

describe('BelowTheFoldOnPhone', () => {
  afterEach(() => setWidth(1024));

  it('on a phone, draws its part in a render after the first paint of what is in view', async () => {
    setWidth(390);
    expect(await renderWithProbe()).toBe(false);
  });

  it('on a wide screen, draws its part with the rest at once', async () => {
    setWidth(1280);
    expect(await renderWithProbe()).toBe(true);
  });
});
