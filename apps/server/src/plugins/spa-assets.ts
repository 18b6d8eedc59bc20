import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The encodings an asset or a page is kept in: the build writes a .br and a .gz copy beside each asset worth it. */
export type AssetEncoding = 'br' | 'gzip' | 'identity';

/** Brotli, else gzip, as the client accepts them (an encoding with q=0 is refused). */
export const pickEncoding = (accepted: string | undefined): AssetEncoding => {
  const names = (accepted ?? '')
    .split(',')
    .map((part) =>
      part
        .trim()
        .toLowerCase()
        .split(/\s*;\s*/),
    )
    .filter(([, quality]) => !quality || !/^q=0(\.0*)?$/.test(quality))
    .map(([name]) => name);
  if (names.includes('br')) return 'br';
  return names.includes('gzip') ? 'gzip' : 'identity';
};

export type Asset = { type: string; etag: string; bodies: Partial<Record<AssetEncoding, Buffer>> & { identity: Buffer } };

/** What the web build puts in assets/ (apps/web/vite.config.ts): scripts, stylesheets, and what they load. */
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

const COPIES: Record<string, Exclude<AssetEncoding, 'identity'>> = { '.br': 'br', '.gz': 'gzip' };

/**
 * The build's hashed assets (dist/assets, ~7 MB with their compressed copies), read once at start:
 * each answer is then one write of a buffer. Streamed from disk, a file went out a chunk per turn
 * of the event loop, between the page's first API calls, whose queries run on the same thread
 * (PGlite): /expenses' entry script took ~220 ms to arrive on loopback in a new browser, and
 * nothing could run before it.
 */
export const loadAssets = (assetsDir: string): Map<string, Asset> => {
  const assets = new Map<string, Asset>();
  if (!existsSync(assetsDir)) return assets;
  const files = readdirSync(assetsDir, { withFileTypes: true }).filter((entry) => entry.isFile());
  for (const { name } of files) {
    const type = TYPES[path.extname(name)];
    if (!type) continue;
    const identity = readFileSync(path.join(assetsDir, name));
    const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 16)}"`;
    assets.set(name, { type, etag, bodies: { identity } });
  }
  for (const { name } of files) {
    const encoding = COPIES[path.extname(name)];
    const asset = assets.get(name.slice(0, -3));
    if (encoding && asset) asset.bodies[encoding] = readFileSync(path.join(assetsDir, name));
  }
  return assets;
};

/**
 * GET and HEAD /assets/{file} from memory, with a year's immutable cache (the names carry their
 * content's hash), the compressed copy the client takes, and 304 for a matching If-None-Match.
 */
export const registerAssets = (app: FastifyInstance, assets: ReadonlyMap<string, Asset>): void => {
  const answer = async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const asset = assets.get(request.params['*']);
    if (!asset) return reply.callNotFound();
    const wanted = pickEncoding(request.headers['accept-encoding']);
    const encoding = asset.bodies[wanted] ? wanted : 'identity';
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', asset.etag)
      .header('Vary', 'Accept-Encoding')
      .type(asset.type);
    if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(asset.bodies[encoding]);
  };
  app.get('/assets/*', { schema: { hide: true } }, answer);
};
