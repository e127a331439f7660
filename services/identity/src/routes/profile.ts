import {
  DeleteAccountBodySchema,
  IdentityExportSchema,
  MeSchema,
  MilestoneParamsSchema,
  UpdateProfileBodySchema,
  UsernameAvailabilitySchema,
  UsernameParamsSchema,
} from '@vere/contracts';
import type { ServiceApp } from '@vere/service-kit';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { toUserBody } from '../use-cases/accounts';
import type { IdentityDeps } from '../use-cases/deps';
import { markMilestone, updateProfile, usernameAvailability } from '../use-cases/profile';
import { deleteAccount, exportIdentityData } from '../use-cases/your-data';

const errors = {
  400: { $ref: 'ErrorBody#' },
  401: { $ref: 'ErrorBody#' },
  403: { $ref: 'ErrorBody#' },
  409: { $ref: 'ErrorBody#' },
  429: { $ref: 'ErrorBody#' },
};

export interface ProfileRoutesOptions {
  deps: IdentityDeps;
  /** Clears the refresh cookie on the reply (the session cookie of routes/auth.ts). */
  clearSessionCookie: (reply: FastifyReply) => void;
  /** Username checks per client address per minute (the form asks once per pause in typing). */
  availabilityPerMinute: number;
}

export async function profileRoutes(app: ServiceApp, opts: ProfileRoutesOptions): Promise<void> {
  const { deps } = opts;

  app.patch(
    '/api/identity/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        security: [{ bearer: [] }],
        summary: "Change the signed-in user's profile",
        body: UpdateProfileBodySchema,
        response: { 200: MeSchema, ...errors },
      },
    },
    async (request) => ({ user: toUserBody(await updateProfile(deps, request.userId, request.body)) }),
  );

  app.put(
    '/api/identity/me/milestones/:milestone',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        security: [{ bearer: [] }],
        summary: 'Record that the signed-in user finished the intro or a tutorial (idempotent)',
        params: MilestoneParamsSchema,
        response: { 200: MeSchema, ...errors },
      },
    },
    async (request) => ({ user: toUserBody(await markMilestone(deps, request.userId, request.params.milestone)) }),
  );

  app.get(
    '/api/identity/me/export',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        security: [{ bearer: [] }],
        summary: 'Everything identity holds about the signed-in user',
        response: { 200: IdentityExportSchema, 401: { $ref: 'ErrorBody#' } },
      },
    },
    async (request) => exportIdentityData(deps, request.userId),
  );

  // A password guess per request: limited like sign-in.
  app.post(
    '/api/identity/me/delete',
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ['account'],
        security: [{ bearer: [] }],
        summary: 'Delete the signed-in account (password again)',
        body: DeleteAccountBodySchema,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAccount(deps, request.userId, request.body.password);
      opts.clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/identity/usernames/:username/availability',
    {
      config: { rateLimit: { max: opts.availabilityPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['account'],
        summary: 'Whether a username is free',
        params: UsernameParamsSchema,
        response: { 200: UsernameAvailabilitySchema, ...errors },
      },
    },
    async (request) => usernameAvailability(deps, request.params.username),
  );
}
