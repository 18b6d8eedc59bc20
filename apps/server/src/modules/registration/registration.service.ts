import { type RegisteredUser, type RegistrationSchema, USERNAME_EXISTS_MESSAGE, VERIFICATION_KEY_TTL_MS } from '@plansmith/contract';
import { todayInZone } from '@plansmith/contract/today';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import { checkPasswordRules, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { generateKey, hashKey } from '../../lib/secrets.ts';
import { renderMail } from '../mail/index.ts';
import { createStarterPlays, monthStartOf } from '../playbook/index.ts';
import { createStarterData } from '../starter/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { buildPublicUrl, renderVerificationMail } from '../mail/index.ts';
import { teamMembers, teams } from '../../schema/teams.ts';
import { tenants, users } from '../../schema/tenants.ts';
import * as repo from './registration.repository.ts';
import type { RegistrationLimiter } from './registration-limiter.ts';
import type { RegistrationRow } from '../../schema/registration.ts';

type RegistrationInput = z.output<typeof RegistrationSchema>;

export const INVALID_LINK_MESSAGE = 'This verification link is not valid or has expired. Please register again to get a new link.';
const USED_LINK_MESSAGE = 'This verification link has already been used. Please sign in.';

const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

const toRegisteredUser = (registration: RegistrationRow, userId: string): RegisteredUser => ({
  Id: userId,
  FirstName: registration.firstName,
  LastName: registration.lastName,
  Email: registration.email,
  ApplicationId: registration.id,
  MetaData: registration.metaData,
});

export const createRegistrationService = (ctx: AppContext, limiter: RegistrationLimiter) => ({
  /**
   * Stores (or refreshes) the prospect and mails a new single-use 24-hour link; earlier links of
   * the same sign-up stop working. An address that already has an account gets a sign-in reminder
   * instead, and the caller gets the same answer (no account enumeration).
   */
  sendVerification: async (input: RegistrationInput, ip: string) => {
    await limiter.assertIp(ip);
    await limiter.assertAddress(input.Email);
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      const existingUser = await repo.findUserByEmail(tx, input.Email);
      if (existingUser) {
        const mail = renderMail({
          subject: 'You already have a Plansmith account',
          heading: 'You already have an account',
          paragraphs: [
            `Hi ${input.FirstName},`,
            'Someone (hopefully you) tried to sign up for Plansmith with this email address, but an account already exists for it.',
            'Sign in instead, or reset your password if you have forgotten it.',
          ],
          action: { label: 'Sign in', url: buildPublicUrl(ctx.config.publicUrl, '/login') },
          footnote: 'If this was not you, you can ignore this email.',
        });
        await enqueueMail(tx, { ...mail, to: input.Email, kind: 'registration-account-exists', tenantId: null }, now);
        return;
      }
      const pending = await repo.findPendingRegistration(tx, input.Email);
      const registrationId = pending?.id ?? newId();
      const fields = {
        firstName: input.FirstName,
        lastName: input.LastName,
        company: input.Company,
        metaData: input.MetaData,
        timeZone: input.TimeZone,
        baseCurrency: input.BaseCurrency,
        updatedAt: now,
      };
      if (pending) {
        await repo.updateRegistration(tx, pending.id, fields);
        await repo.revokeOpenKeys(tx, pending.id, now);
      } else {
        await repo.insertRegistration(tx, { id: registrationId, email: input.Email, ...fields, createdAt: now });
      }
      const key = generateKey();
      await repo.insertKey(tx, {
        id: newId(),
        registrationId,
        keyHash: hashKey(key),
        expiresAt: new Date(now.getTime() + VERIFICATION_KEY_TTL_MS),
        createdAt: now,
      });
      const url = buildPublicUrl(ctx.config.publicUrl, '/register/emailverify', { key });
      const mail = renderVerificationMail({ firstName: input.FirstName, url });
      await enqueueMail(tx, { ...mail, to: input.Email, kind: 'registration-verification', tenantId: null }, now);
    });
    return { Email: input.Email, VerificationSent: true };
  },

  /**
   * Verifies the e-mail and sets the password: the tenant (on Starter until a plan is paid), its
   * Owner, a first team with the Owner as Lead, the starter data and the starter plays, in one transaction. Repeating the call with the
   * same key and password answers the same user; it never makes a second tenant.
   */
  completeRequest: async (emailVerifyKey: string, password: string, ip: string): Promise<RegisteredUser> => {
    await limiter.assertIp(ip);
    const now = ctx.clock.now();
    const found = await repo.findKey(ctx.db, hashKey(emailVerifyKey));
    if (!found || found.key.revokedAt) throw badRequest(INVALID_LINK_MESSAGE);
    const { registration } = found;

    const repeat = async (): Promise<RegisteredUser> => {
      const current = await repo.findRegistration(ctx.db, registration.id);
      if (!current?.userId || !current.tenantId) throw badRequest(USED_LINK_MESSAGE);
      const user = await repo.findUserByEmail(ctx.db, current.email);
      if (!user || user.id !== current.userId || !(await verifyPassword(user.passwordHash, password))) throw badRequest(USED_LINK_MESSAGE);
      return toRegisteredUser(current, current.userId);
    };
    if (found.key.usedAt) return repeat();
    if (found.key.expiresAt.getTime() <= now.getTime()) throw badRequest(INVALID_LINK_MESSAGE);

    if (await repo.findUserByEmail(ctx.db, registration.email)) throw conflict(USERNAME_EXISTS_MESSAGE);
    const ruleBroken = checkPasswordRules(password, { email: registration.email });
    if (ruleBroken) throw badRequest(ruleBroken, [{ Field: 'Password', Message: ruleBroken }]);
    const passwordHash = await hashPassword(password);

    const tenantId = newId();
    const userId = newId();
    const teamId = newId();
    try {
      const created = await ctx.db.transaction(async (tx) => {
        if (!(await repo.consumeKey(tx, found.key.id, now))) return false;
        const timeZone = registration.timeZone;
        await tx.insert(tenants).values({
          id: tenantId,
          name: registration.company,
          planCode: 'starter',
          timeZone,
          baseCurrency: registration.baseCurrency,
          createdAt: now,
          updatedAt: now,
        });
        await tx.insert(users).values({
          tenantId,
          id: userId,
          email: registration.email,
          passwordHash,
          firstName: registration.firstName,
          lastName: registration.lastName,
          tenantRole: 'owner',
          createdAt: now,
          updatedAt: now,
        });
        await tx.insert(teams).values({ tenantId, id: teamId, name: 'My Team', createdAt: now, updatedAt: now });
        await tx.insert(teamMembers).values({ tenantId, teamId, userId, teamRoleId: 1, createdAt: now });
        // A new account can budget at once (DESIGN.md §12): suggested lookups and a first plan.
        await createStarterData(tx, { tenantId, teamId, ownerId: userId, now, timeZone });
        // The starter library (DESIGN.md §9), in the same transaction as the tenant: a sign-up has it or has nothing.
        await createStarterPlays(tx, { tenantId, teamId, createdBy: userId, startMonth: monthStartOf(todayInZone(timeZone, now)), now });
        await repo.updateRegistration(tx, registration.id, { tenantId, userId, completedAt: now, updatedAt: now });
        return true;
      });
      // Someone else used the key between our read and our update: answer as a repeat.
      if (!created) return repeat();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(USERNAME_EXISTS_MESSAGE);
      throw error;
    }
    return toRegisteredUser(registration, userId);
  },
});
