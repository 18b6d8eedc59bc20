import { registrationRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import type { RegistrationLimiter } from './registration-limiter.ts';
import { createRegistrationService } from './registration.service.ts';

export const registerRegistrationRoutes = (app: FastifyInstance, ctx: AppContext, limiter: RegistrationLimiter): void => {
  const registration = createRegistrationService(ctx, limiter);
  addRoute(app, ctx, registrationRoutes.register, ({ body, request }) => registration.sendVerification(body, request.ip));
  addRoute(app, ctx, registrationRoutes.sendVerificationEmail, ({ body, request }) => registration.sendVerification(body, request.ip));
  addRoute(app, ctx, registrationRoutes.completeRequest, ({ body, request }) =>
    registration.completeRequest(body.EmailVerifyKey, body.Password, request.ip),
  );
};
