import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isAppPath } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './security.ts';

/**
 * Serves the built SPA: hashed assets with a long cache, and index.html for every route of
 * SPEC.md §2 so deep links survive a reload. Unknown pages get the app too, with status 404.
 * Assets go out as the build's brotli or gzip copies (file.js.br / .gz) when the client takes them.
 * HEAD on a page answers like GET, without the body.
 */
export const registerSpa = async (app: FastifyInstance, webDistDir: string): Promise<void> => {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const indexHtml = hasBuild ? readFileSync(indexFile, 'utf8') : null;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send('User-agent: *\nDisallow: /api/\nDisallow: /external/\n'),
  );

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathname) && !/\.[a-z0-9]+$/i.test(pathname);
    if (wantsPage && indexHtml) {
      return reply
        .status(isAppPath(pathname) ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(indexHtml);
    }
    return reply
      .status(404)
      .send({ Result: null, Message: `No such address: ${request.method} ${pathname}`, RequestId: String(request.id) });
  });
};
