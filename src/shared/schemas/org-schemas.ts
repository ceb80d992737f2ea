/**
 * Organizations, their members and invitations (docs/decisions/0014-organizations.md): the
 * bodies of /api/org and the team screens' forms.
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import { ORG_ROLES } from '../organization-roles';
import { EmailSchema, NewPasswordSchema, requiredText } from './auth-schemas';

export const OrgRoleSchema = z.enum(ORG_ROLES);

/** The organization a customer belongs to, and their role in it (on the public user). */
export const UserOrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: OrgRoleSchema,
});

export const OrgMemberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: OrgRoleSchema,
  createdAt: z.iso.datetime({ offset: true }),
});
export type OrgMember = z.infer<typeof OrgMemberSchema>;

export const OrgInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: OrgRoleSchema,
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type OrgInvitation = z.infer<typeof OrgInvitationSchema>;

/** GET /api/org: the team page. */
export const OrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  members: z.array(OrgMemberSchema),
  invitations: z.array(OrgInvitationSchema),
});
export type Organization = z.infer<typeof OrganizationSchema>;

/** POST /api/org/invitations. */
export const InvitationCreateSchema = z.object({
  email: EmailSchema,
  role: OrgRoleSchema,
});
export type InvitationCreateInput = z.infer<typeof InvitationCreateSchema>;

export const MemberFullNameSchema = requiredText(messageKey('validation.full_name_required'))
  .min(3, messageKey('validation.full_name_too_short'))
  .max(100, messageKey('validation.too_long', { max: 100 }));

/** POST /api/org/invitations/accept. */
export const InvitationAcceptSchema = z.object({
  token: z.string().trim().min(1).max(200),
  fullName: MemberFullNameSchema,
  password: NewPasswordSchema,
});
export type InvitationAcceptInput = z.infer<typeof InvitationAcceptSchema>;

/** PATCH /api/org/members/:userId. */
export const MemberRoleUpdateSchema = z.object({ role: OrgRoleSchema });
export type MemberRoleUpdateInput = z.infer<typeof MemberRoleUpdateSchema>;

/** The accept-invitation form: the body above without the token, and the password twice. */
export const InvitationAcceptFormSchema = z
  .object({
    fullName: MemberFullNameSchema,
    password: NewPasswordSchema,
    confirmPassword: z
      .string({ error: messageKey('validation.confirm_password_required') })
      .min(1, messageKey('validation.confirm_password_required')),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: messageKey('validation.passwords_must_match'),
    path: ['confirmPassword'],
  });
export type InvitationAcceptFormInput = z.infer<typeof InvitationAcceptFormSchema>;
