import { commentRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createCommentsService } from './comments.service.ts';

export const registerCommentRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createCommentsService(ctx);
  addRoute(app, ctx, commentRoutes.getComments, ({ auth, body }) => service.getComments(auth, body));
  addRoute(app, ctx, commentRoutes.saveComment, ({ auth, body }) => service.saveComment(auth, body));
  addRoute(app, ctx, commentRoutes.getMentionable, ({ auth, body }) => service.getMentionable(auth, body));
  addRoute(app, ctx, commentRoutes.deleteComment, ({ auth, body }) => service.deleteComment(auth, body.CommentId, body.Version));
};
