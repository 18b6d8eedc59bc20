import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers on the fly (JSON above all: the 2,000-item budget answer is ~940 KB) with
 * brotli, else gzip, as the client accepts. Brotli runs at quality 4: near gzip's speed with a
 * smaller result; quality 11 (zlib's default) takes seconds on a large answer. The built web
 * assets are compressed once at build time instead and served as they are (spa.ts, preCompressed):
 * an answer that already has a Content-Encoding is left alone.
 */
export const registerCompression = async (app: FastifyInstance): Promise<void> => {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // Clients send plain JSON; undoing a compressed request body would be a preParsing hook on
    // every route (and a way to send more than bodyLimit): such a body is refused as unparsable.
    globalDecompression: false,
  });
};
