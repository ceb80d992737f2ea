import '../driver-strings';
import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { AuthForm } from '../../../ui/auth-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DriverCodeRequestSchema, DriverLoginSchema } from '#shared/schemas/driver-schemas';
import { AuthCard, authLinkClassName } from '../../../ui/auth-card';
import { useCheckedForm } from '../../../ui/use-checked-form';
import { homePathFor, useSession } from '../../../lib/session/session-context';
import { buttonClassName } from '../../../ui/button-styles';
import { driverLoginRequest, requestDriverCode } from './driver-auth-api';
import { OneTimeCodeField, TextField } from '../../../ui/form-field';

/** A new code can be asked for once this long has passed since the last one. */
const RESEND_AFTER_SECONDS = 60;

const CodeFormSchema = DriverLoginSchema.pick({ code: true });
type PhoneForm = z.input<typeof DriverCodeRequestSchema>;
type CodeForm = z.input<typeof CodeFormSchema>;

/** Seconds left until `until` (a time in ms), counted down once a second; 0 once it is past. */
function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return Math.min(RESEND_AFTER_SECONDS, Math.max(0, Math.ceil((until - now) / 1000)));
}

/** Step one: the driver's phone, in any way they write it. */
function PhoneStep({ onSent }: { onSent(phone: string): void }) {
  const { t } = useTranslation();
  const { form, formError, field, submitWith } = useCheckedForm<
    PhoneForm,
    z.output<typeof DriverCodeRequestSchema>
  >({ resolver: zodResolver(DriverCodeRequestSchema), defaultValues: { phone: '' } });

  const onSubmit = submitWith(['phone'], t('driver.login.codeFailed'), async ({ phone }) => {
    await requestDriverCode(phone);
    onSent(phone);
  });

  return (
    <AuthForm
      onSubmit={onSubmit}
      error={formError}
      busy={form.formState.isSubmitting}
      submitLabel={t('driver.login.sendCode')}
      busyLabel={t('driver.login.sendingCode')}
    >
      <TextField
        label={t('driver.login.phone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint={t('driver.login.phoneHint')}
        {...field('phone')}
      />
    </AuthForm>
  );
}

/** Step two: the six digits from the SMS, with a resend once the countdown is over. */
function CodeStep({ phone, onChangePhone }: { phone: string; onChangePhone(): void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [notice, setNotice] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(() => Date.now() + RESEND_AFTER_SECONDS * 1000);
  const [resending, setResending] = useState(false);
  const secondsLeft = useSecondsLeft(resendAt);
  const { form, formError, setFormError, field, submitWith } = useCheckedForm<
    CodeForm,
    z.output<typeof CodeFormSchema>
  >({ resolver: zodResolver(CodeFormSchema), defaultValues: { code: '' } });
  const { setFocus } = form;

  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = submitWith(['code'], t('driver.login.failed'), async ({ code }) => {
    setNotice(null);
    // The session then holds a driver, and this screen sends them to /driver.
    await session.signIn(await driverLoginRequest(phone, code));
  });

  const resend = async () => {
    setFormError(null);
    setNotice(null);
    setResending(true);
    try {
      await requestDriverCode(phone);
      setResendAt(Date.now() + RESEND_AFTER_SECONDS * 1000);
      setNotice(t('driver.login.resent'));
    } catch (error) {
      setFormError(error instanceof Error ? error.message : t('driver.login.codeFailed'));
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthForm
      onSubmit={onSubmit}
      error={formError}
      busy={form.formState.isSubmitting}
      submitLabel={t('driver.login.signIn')}
      busyLabel={t('driver.login.signingIn')}
      before={
        <p className="text-sm text-slate-600">
          {t('driver.login.codeSentTo', { phone })}{' '}
          <button type="button" onClick={onChangePhone} className={authLinkClassName}>
            {t('driver.login.changePhone')}
          </button>
        </p>
      }
      after={
        <button
          type="button"
          onClick={resend}
          disabled={secondsLeft > 0 || resending}
          className={`${buttonClassName('secondary', 'lg')} w-full`}
        >
          {secondsLeft > 0
            ? t('driver.login.resendIn', { seconds: secondsLeft })
            : t('driver.login.resend')}
        </button>
      }
    >
      {notice && (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {notice}
        </p>
      )}
      <OneTimeCodeField label={t('driver.login.code')} maxLength={6} {...field('code')} />
    </AuthForm>
  );
}

/** /driver/login: a driver signs in with their phone and a code by SMS, no password. */
export function DriverLoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [phone, setPhone] = useState<string | null>(null);

  if (session.user) return <Navigate to={homePathFor(session.user)} replace />;

  return (
    <AuthCard
      title={t('driver.login.title')}
      lead={phone ? t('driver.login.codeLead') : t('driver.login.lead')}
      footer={
        <>
          {t('driver.login.notDriver')}{' '}
          <Link to="/login" className={authLinkClassName}>
            {t('driver.login.emailLogin')}
          </Link>
        </>
      }
    >
      {phone ? (
        <CodeStep phone={phone} onChangePhone={() => setPhone(null)} />
      ) : (
        <PhoneStep onSent={setPhone} />
      )}
    </AuthCard>
  );
}
