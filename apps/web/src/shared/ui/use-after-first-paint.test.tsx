import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterFirstPaint } from './use-after-first-paint.ts';

let seen: boolean[] = [];

const Probe = () => {
  const painted = useAfterFirstPaint();
  seen.push(painted);
  return <p>{painted ? 'painted' : 'first draw'}</p>;
};

describe('after the first paint', () => {
  it('is false on the first draw and true once a frame has been painted, then stays true', async () => {
    seen = [];
    const view = render(<Probe />);
    expect(screen.getByText('first draw')).toBeTruthy();
    await screen.findByText('painted');
    view.rerender(<Probe />);
    expect(seen[0]).toBe(false);
    expect(seen.slice(-2)).toEqual([true, true]);
  });
});
