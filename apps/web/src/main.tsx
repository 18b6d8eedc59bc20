import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { drawWhenRouted } from './app/prerendered-page.ts';
import { createQueryClient, Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';

// The built app's index.html sends the first requests from a script of its own, written into its
// body (build/early-script.ts); the dev server's has none, so they are sent from here.
if (import.meta.env.DEV) void import('./app/early-requests.ts');

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// The session keeper needs the API client (and zod): it starts once they have loaded, not before
// the first paint. A check that runs a moment later is as good.
void import('./shared/api/session-keeper.ts').then((keeper) => keeper.startSessionKeeper());
const client = createQueryClient();
const router = createAppRouter(client);
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <Providers client={client}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
drawWhenRouted(router, render);
