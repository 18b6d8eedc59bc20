import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// The session keeper needs the API client (and zod): it starts once they have loaded, not before
// the first paint. A check that runs a moment later is as good.
void import('./shared/api/session-keeper.ts').then((keeper) => keeper.startSessionKeeper());
const client = createQueryClient();
createRoot(root).render(
  <StrictMode>
    <Providers client={client}>
      <RouterProvider router={createAppRouter(client)} />
    </Providers>
  </StrictMode>,
);
