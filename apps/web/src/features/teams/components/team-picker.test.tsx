import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTEXT_TEAM_KEY } from '../../../shared/api/session.ts';
import { ContextSelectionProvider } from '../../../shared/context/context-selection.tsx';
import { fakeApi, ok } from '../../../test/fake-api.ts';
import { TeamPicker } from './team-picker.tsx';

const BRAND = { Id: '11111111-1111-4111-8111-111111111111', Name: 'Brand', Active: true };
const DEMAND = { Id: '22222222-2222-4222-8222-222222222222', Name: 'Demand', Active: true };

const renderPicker = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ContextSelectionProvider>
        <TeamPicker />
      </ContextSelectionProvider>
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('the context team picker (SPEC.md §4)', () => {
  it('falls back to the first of the user’s teams when none was chosen', async () => {
    fakeApi({ '/api/TeamClient/MyList': ok([BRAND, DEMAND]) });
    renderPicker();
    expect(await screen.findByText('Brand')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(CONTEXT_TEAM_KEY)).toBe(BRAND.Id));
  });

  it('keeps the last chosen team', async () => {
    localStorage.setItem(CONTEXT_TEAM_KEY, DEMAND.Id);
    fakeApi({ '/api/TeamClient/MyList': ok([BRAND, DEMAND]) });
    renderPicker();
    expect(await screen.findByText('Demand')).toBeTruthy();
    expect(localStorage.getItem(CONTEXT_TEAM_KEY)).toBe(DEMAND.Id);
  });

  it('replaces a remembered team the user no longer has with the first one', async () => {
    localStorage.setItem(CONTEXT_TEAM_KEY, '99999999-9999-4999-8999-999999999999');
    fakeApi({ '/api/TeamClient/MyList': ok([DEMAND]) });
    renderPicker();
    expect(await screen.findByText('Demand')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(CONTEXT_TEAM_KEY)).toBe(DEMAND.Id));
  });

  it('says so when the user has no team', async () => {
    fakeApi({ '/api/TeamClient/MyList': ok([]) });
    renderPicker();
    expect(await screen.findByText('No teams yet')).toBeTruthy();
  });
});
