import { z } from 'zod';
import {
  InvitationAcceptSchema,
  InvitationCreateSchema,
  MemberRoleUpdateSchema,
  OrgInvitationSchema,
  OrganizationSchema,
} from '#shared/schemas/org-schemas';
import { BillingUpdateSchema, OrganizationBillingSchema } from '#shared/schemas/settings-schemas';
import { PublicUserSchema } from '#shared/schemas/user-schemas';
import { createRegistrationLimits } from '../auth/attempt-limits';
import { authOf } from '../auth/auth-guards';
import type { AppConfig } from '../config';
import { ErrorBodySchema, localeOf } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import type { OrgsService } from './orgs-service';

const tags = ['organization'];
const security = [{ bearerAuth: [] }];
const ErrorSchema = ErrorBodySchema;
const MemberParams = z.object({ userId: z.string().max(100) });

/**
 * The caller's organization (docs/decisions/0014-organizations.md): customers only; every route
 * but accepting an invitation is for owners (403 `org.role_forbidden` for staff and accountants),
 * except reading the billing details, which accountants may too (0020-merchant-money.md).
 */
export function registerOrgRoutes(app: ZodApp, orgsService: OrgsService, config: AppConfig): void {
  const customerOnly = app.requireRole('USER');
  const refusals = { 401: ErrorSchema, 403: ErrorSchema };

  app.get(
    '/org',
    {
      schema: {
        tags,
        security,
        summary: 'My organization: its members with their roles and pending invitations (owner)',
        response: { 200: OrganizationSchema, ...refusals },
      },
      onRequest: customerOnly,
    },
    async (request) => orgsService.getOrganization(authOf(request)),
  );

  app.post(
    '/org/invitations',
    {
      schema: {
        tags,
        security,
        summary: 'Invite someone by email with a role: a link valid 7 days, usable once (owner)',
        description: 'An email that already has an account answers 409 `invitation.email_taken`.',
        body: InvitationCreateSchema,
        response: {
          201: z.object({ invitation: OrgInvitationSchema }),
          400: ErrorSchema,
          409: ErrorSchema,
          ...refusals,
        },
      },
      onRequest: customerOnly,
    },
    async (request, reply) =>
      reply.status(201).send({
        invitation: await orgsService.invite(authOf(request), request.body, localeOf(request)),
      }),
  );

  app.delete(
    '/org/invitations/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Withdraw a pending invitation (owner)',
        params: z.object({ id: z.string().max(100) }),
        response: { 204: z.null(), 404: ErrorSchema, ...refusals },
      },
      onRequest: customerOnly,
    },
    async (request, reply) => {
      await orgsService.revokeInvitation(authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/org/invitations/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation: a new member, signed in',
        description:
          'Unknown token 404 `invitation.not_found`; withdrawn 409 `invitation.revoked`; ' +
          'already used 409 `invitation.used`; expired 400 `invitation.expired`.',
        body: InvitationAcceptSchema,
        response: {
          201: z.object({ token: z.string(), user: PublicUserSchema }),
          400: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
        },
      },
      preHandler: createRegistrationLimits(app, config),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await orgsService.accept(request.body, request.headers['accept-language'])),
  );

  app.patch(
    '/org/members/:userId',
    {
      schema: {
        tags,
        security,
        summary: "Change a member's role; the last owner cannot be demoted (owner)",
        params: MemberParams,
        body: MemberRoleUpdateSchema,
        response: { 200: OrganizationSchema, 404: ErrorSchema, 409: ErrorSchema, ...refusals },
      },
      onRequest: customerOnly,
    },
    async (request) =>
      orgsService.changeRole(authOf(request), request.params.userId, request.body.role),
  );

  app.delete(
    '/org/members/:userId',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a member: their sessions end at once; not the last owner (owner)',
        params: MemberParams,
        response: { 200: OrganizationSchema, 404: ErrorSchema, 409: ErrorSchema, ...refusals },
      },
      onRequest: customerOnly,
    },
    async (request) => orgsService.removeMember(authOf(request), request.params.userId),
  );

  app.get(
    '/org/billing',
    {
      schema: {
        tags,
        security,
        summary: "The organization's bank details (RIB, holder) and ICE (owner, accountant)",
        response: { 200: OrganizationBillingSchema, 404: ErrorSchema, ...refusals },
      },
      onRequest: customerOnly,
    },
    async (request) => orgsService.getBilling(authOf(request)),
  );

  app.patch(
    '/org/billing',
    {
      schema: {
        tags,
        security,
        summary: 'Change the bank details and ICE (owner)',
        description:
          'The fields given change, the others stay; `""` or `null` clears one. `rib`: 24 ' +
          'digits (spaces allowed), its check key verified; `ribHolder` (1 to 70 characters) ' +
          'goes with it, both given together. `ice`: 15 digits. A bad value answers 400 with ' +
          'its field and stores nothing.',
        body: BillingUpdateSchema,
        response: {
          200: OrganizationBillingSchema,
          400: ErrorSchema,
          404: ErrorSchema,
          ...refusals,
        },
      },
      onRequest: customerOnly,
    },
    async (request) => orgsService.updateBilling(authOf(request), request.body),
  );
}
