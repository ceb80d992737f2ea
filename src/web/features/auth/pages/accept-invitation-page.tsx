import '../../../i18n/auth-strings';
import { useNavigate, useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  InvitationAcceptFormSchema,
  type InvitationAcceptFormInput,
} from '#shared/schemas/org-schemas';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-context';
import { AuthCard } from '../../../ui/auth-card';
import { AuthBackLink, AuthForm } from '../../../ui/auth-form';
import { TextField } from '../../../ui/form-field';
import { PasswordField } from '../../../ui/password-field';
import { useCheckedForm } from '../../../ui/use-checked-form';
import { acceptInvitation } from '../api/auth-api';

/** The refusals that mean the link itself is spent (docs/decisions/0014-organizations.md). */
const SPENT_LINK_CODES = [
  'invitation.not_found',
  'invitation.used',
  'invitation.revoked',
  'invitation.expired',
];

/**
 * /accept-invitation?token=…: the invited person chooses their name and a password (the sign-up
 * rule), then lands on the dashboard signed in as a member of the organization.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { form, formError, setFormError, field, submitWith } =
    useCheckedForm<InvitationAcceptFormInput>({
      resolver: zodResolver(InvitationAcceptFormSchema),
      defaultValues: { fullName: '', password: '', confirmPassword: '' },
    });

  const onSubmit = submitWith(
    ['fullName', 'password', 'confirmPassword'],
    t('auth.acceptInvitation.failed'),
    async ({ fullName, password }) => {
      try {
        await signIn(await acceptInvitation({ token, fullName, password }));
      } catch (error) {
        if (error instanceof ApiError && SPENT_LINK_CODES.includes(error.code ?? '')) {
          setFormError(`${error.message} ${t('auth.acceptInvitation.askAgain')}`);
          return;
        }
        throw error;
      }
      await navigate('/dashboard', { replace: true });
    },
  );

  return (
    <AuthCard
      title={t('auth.acceptInvitation.title')}
      lead={token ? t('auth.acceptInvitation.lead') : t('auth.acceptInvitation.missingToken')}
      footer={<AuthBackLink to="/login">{t('auth.resetPassword.backToLogin')}</AuthBackLink>}
    >
      {token && (
        <AuthForm
          onSubmit={onSubmit}
          error={formError && <p>{formError}</p>}
          busy={form.formState.isSubmitting}
          submitLabel={t('auth.acceptInvitation.submit')}
          busyLabel={t('auth.acceptInvitation.busy')}
        >
          <TextField
            label={t('auth.acceptInvitation.fullName')}
            autoComplete="name"
            {...field('fullName')}
          />
          <PasswordField
            label={t('auth.fields.password')}
            autoComplete="new-password"
            hint={t('auth.fields.passwordHint')}
            {...field('password')}
          />
          <PasswordField
            label={t('auth.fields.confirmPassword')}
            autoComplete="new-password"
            {...field('confirmPassword')}
          />
        </AuthForm>
      )}
    </AuthCard>
  );
}
