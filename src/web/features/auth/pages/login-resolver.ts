import { zodResolver } from '@hookform/resolvers/zod';
import { LoginSchema } from '#shared/schemas/auth-schemas';

/** The login form's checks, loaded apart from its page (login-page.tsx says why). */
export const loginResolver = zodResolver(LoginSchema);
