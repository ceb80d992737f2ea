import '../../../i18n/security-strings';
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { RecoveryCodeSchema, TotpCodeSchema } from '#shared/schemas/mfa-schemas';
import { verifyMfa } from '../../../lib/session/second-factor-api';
import { useSession } from '../../../lib/session/session-context';
import { authLinkClassName } from '../../../ui/auth-card';
import { AuthForm } from '../../../ui/auth-form';
import { OneTimeCodeField, TextField } from '../../../ui/form-field';
import { useCheckedForm } from '../../../ui/use-checked-form';

type Mode = 'code' | 'recovery';

const schemas = {
  code: z.object({ value: TotpCodeSchema }),
  recovery: z.object({ value: RecoveryCodeSchema }),
};

/**
 * Sign-in's second step for an account with a second factor
 * (docs/decisions/0015-second-factor-and-sessions.md): the app's current code, or one of the
 * recovery codes; the session is stored once the server accepts it.
 */
export function CodeStepForm({ mfaToken, onStartOver }: { mfaToken: string; onStartOver(): void }) {
  const [mode, setMode] = useState<Mode>('code');
  // A form per mode: each checks its own kind of code.
  return (
    <CodeForm
      key={mode}
      mode={mode}
      mfaToken={mfaToken}
      onSwitchMode={() => setMode(mode === 'code' ? 'recovery' : 'code')}
      onStartOver={onStartOver}
    />
  );
}

function CodeForm({
  mode,
  mfaToken,
  onSwitchMode,
  onStartOver,
}: {
  mode: Mode;
  mfaToken: string;
  onSwitchMode(): void;
  onStartOver(): void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const { form, formError, field, submitWith } = useCheckedForm<
    z.input<(typeof schemas)[Mode]>,
    z.output<(typeof schemas)[Mode]>
  >({
    resolver: zodResolver(schemas[mode]),
    defaultValues: { value: '' },
  });

  const onSubmit = submitWith(['value'], t('security.codeStep.failed'), async ({ value }) =>
    session.signIn(
      await verifyMfa(
        mode === 'code' ? { mfaToken, code: value } : { mfaToken, recoveryCode: value },
      ),
    ),
  );

  return (
    <AuthForm
      onSubmit={onSubmit}
      error={formError}
      busy={form.formState.isSubmitting}
      submitLabel={t('security.codeStep.submit')}
      busyLabel={t('security.codeStep.busy')}
      before={
        <p className="text-sm text-slate-600">
          {mode === 'code' ? t('security.codeStep.lead') : t('security.codeStep.recoveryLead')}
        </p>
      }
      after={
        <div className="flex flex-col items-center gap-2 text-sm">
          <button type="button" onClick={onSwitchMode} className={authLinkClassName}>
            {mode === 'code' ? t('security.codeStep.useRecovery') : t('security.codeStep.useCode')}
          </button>
          <button type="button" onClick={onStartOver} className={authLinkClassName}>
            {t('security.codeStep.startOver')}
          </button>
        </div>
      }
    >
      {mode === 'code' ? (
        <OneTimeCodeField label={t('security.codeStep.code')} {...field('value')} />
      ) : (
        <TextField
          label={t('security.codeStep.recoveryCode')}
          autoComplete="off"
          dir="ltr"
          {...field('value')}
        />
      )}
    </AuthForm>
  );
}
