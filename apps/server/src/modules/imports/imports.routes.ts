import { importRoutes } from '@plansmith/contract/imports';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { addRoute } from '../../plugins/route.ts';
import { createImportService } from './imports.service.ts';
import { createSheetPool, type SheetPool } from './sheet-pool.ts';

/**
 * The JSON parser of Preview and Commit, whose bodies carry a file of up to 10 MB as base64: the
 * body is read as bytes and parsed, checked and decoded in a worker thread (parse-body.ts), never on
 * the request thread (issue 29). The route's schema still applies to the small fields that come back
 * (ContentBase64 emptied); the file's bytes wait in `files` for the handler.
 */
const registerBodyParser = (scope: FastifyInstance, sheets: SheetPool, files: WeakMap<FastifyRequest, Uint8Array | null>) => {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, async (request: FastifyRequest, body: Buffer) => {
    if (body.length === 0) throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
    const route = request.routeOptions.url === importRoutes.commit.path ? 'commit' : 'preview';
    const parsed = await sheets.parseBody({ route, body });
    if (!parsed.ok) {
      if (parsed.problem === 'json') throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
      throw badRequest(parsed.errors[0]?.Message ?? 'The request is not valid.', parsed.errors);
    }
    files.set(request, parsed.content);
    return parsed.body;
  });
};

export const registerImportRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  // Files are read and checked in worker threads, which end with the app.
  const sheets = createSheetPool();
  app.addHook('onClose', () => sheets.close());
  const service = createImportService(ctx, sheets);
  const files = new WeakMap<FastifyRequest, Uint8Array | null>();
  const fileOf = (request: FastifyRequest) => files.get(request) ?? null;
  app.register(async (scope) => {
    registerBodyParser(scope, sheets, files);
    addRoute(scope, ctx, importRoutes.preview, ({ auth, body, request }) => service.preview(auth, body, fileOf(request)));
    addRoute(scope, ctx, importRoutes.commit, ({ auth, body, request }) => service.commit(auth, body, fileOf(request)));
  });
  addRoute(app, ctx, importRoutes.list, ({ auth, body }) => service.list(auth, body.MarketingPlanId));
  addRoute(app, ctx, importRoutes.undo, ({ auth, body }) => service.undo(auth, body.ImportId));
};
