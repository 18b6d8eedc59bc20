import { teamRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createTeamsService, type MemberChangeListener } from './teams.service.ts';

export const registerTeamRoutes = (app: FastifyInstance, ctx: AppContext, onMemberChange?: MemberChangeListener): void => {
  const teams = createTeamsService(ctx, onMemberChange);
  addRoute(app, ctx, teamRoutes.get, ({ auth, body }) => teams.get(auth, body.Id));
  addRoute(app, ctx, teamRoutes.myList, ({ auth }) => teams.myList(auth));
  addRoute(app, ctx, teamRoutes.list, ({ auth, body }) => teams.list(auth, body));
  addRoute(app, ctx, teamRoutes.listView, ({ auth }) => teams.listView(auth));
  addRoute(app, ctx, teamRoutes.getUserTeamRoles, ({ auth, body }) => teams.getUserTeamRoles(auth, body.UserProfileId));
  addRoute(app, ctx, teamRoutes.save, ({ auth, body }) => teams.save(auth, body));
  addRoute(app, ctx, teamRoutes.changeTeamMember, ({ auth, body }) => teams.changeTeamMember(auth, body));
  addRoute(app, ctx, teamRoutes.getTeamMembers, ({ auth, body }) => teams.getTeamMembers(auth, body.Id));
  addRoute(app, ctx, teamRoutes.getRoles, async () => teams.getRoles());
  addRoute(app, ctx, teamRoutes.userListView, ({ auth }) => teams.userListView(auth));
  addRoute(app, ctx, teamRoutes.delete, ({ auth, body }) => teams.delete(auth, body.Id, body.Version));
};
