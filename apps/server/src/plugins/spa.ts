import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isAppPath } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './security.ts';
import { loadAssets, pickEncoding, registerAssets } from './spa-assets.ts';
import { loadPages } from './spa-pages.ts';

/**
 * Serves the built SPA: hashed assets with a long cache, and index.html for every route of
 * SPEC.md §2 so deep links survive a reload. Unknown pages get the app too, with status 404.
 * Assets go out from memory (spa-assets.ts) as the build's brotli or gzip copies (file.js.br / .gz)
 * when the client takes them; the few other files (favicon.svg) from disk.
 * HEAD on a page answers like GET, without the body. Each route's HTML announces its scripts, and
 * a page the build drew beforehand (login.html) is sent for its own address (spa-pages.ts).
 */
export const registerSpa = async (app: FastifyInstance, webDistDir: string): Promise<void> => {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    registerAssets(app, loadAssets(path.join(webDistDir, 'assets')));
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      globIgnore: ['assets/**'],
      index: false,
      preCompressed: true,
      setHeaders: (reply) => {
        reply.header('Cache-Control', 'no-cache');
      },
    });
  }
  const pageFor = hasBuild ? loadPages(webDistDir) : null;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send('User-agent: *\nDisallow: /api/\nDisallow: /external/\n'),
  );

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathname) && !/\.[a-z0-9]+$/i.test(pathname);
    if (wantsPage && pageFor) {
      const page = pageFor(pathname);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      reply
        .status(isAppPath(pathname) ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding');
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.send(page[encoding]);
    }
    return reply
      .status(404)
      .send({ Result: null, Message: `No such address: ${request.method} ${pathname}`, RequestId: String(request.id) });
  });
};
