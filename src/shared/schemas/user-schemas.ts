import { z } from 'zod';
import { DEFAULT_LOCALE } from '../i18n/locales';
import { CompanyProfileSchema, IndividualProfileSchema, LocaleSchema } from './auth-schemas';
import { UserOrganizationSchema } from './org-schemas';

export const RoleSchema = z.enum(['ADMIN', 'USER', 'DRIVER']);
/** The roles that sign in with an email and a password; drivers sign in by phone. */
export const EmailAccountRoleSchema = z.enum(['ADMIN', 'USER']);
export const UserTypeSchema = z.enum(['COMPANY', 'INDIVIDUAL']);

/** The signed-in user as the API returns it (login, profile, registration). */
export const PublicUserSchema = z.object({
  id: z.uuid(),
  /** Null for a driver, who signs in by phone. */
  email: z.string().nullable(),
  role: RoleSchema,
  userType: UserTypeSchema.nullable(),
  /** Company name, full name (an invited member's own), "Administrator", or the driver's. */
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /**
   * The account's language: its mails, SMS and notifications are in it. The server always sends
   * it; a user stored by an older version of the web reads as English.
   */
  locale: LocaleSchema.default(DEFAULT_LOCALE),
  company: CompanyProfileSchema.optional(),
  individual: IndividualProfileSchema.optional(),
  /**
   * Only for a customer: their organization and their role in it
   * (docs/decisions/0014-organizations.md). An invited member has no company or individual
   * profile of their own.
   */
  organization: UserOrganizationSchema.optional(),
  /** Only for a driver: who they are and the truck they drive. */
  driver: z
    .object({
      id: z.uuid(),
      fullName: z.string(),
      phone: z.string(),
      truckNumber: z.string().nullable(),
    })
    .optional(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

/** PATCH /api/auth/profile: what a signed-in account may change about itself. */
export const ProfileUpdateSchema = z.object({ locale: LocaleSchema });
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateSchema>;
