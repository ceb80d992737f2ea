import { z } from 'zod';
import { CompanyProfileSchema, IndividualProfileSchema } from './auth-schemas';

export const RoleSchema = z.enum(['ADMIN', 'USER']);
export const UserTypeSchema = z.enum(['COMPANY', 'INDIVIDUAL']);

/** The signed-in user as the API returns it (login, profile, registration). */
export const PublicUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: RoleSchema,
  userType: UserTypeSchema.nullable(),
  /** Company name, full name, or "Administrator". */
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  company: CompanyProfileSchema.optional(),
  individual: IndividualProfileSchema.optional(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;
