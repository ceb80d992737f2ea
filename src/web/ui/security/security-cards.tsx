import '../../i18n/security-strings';
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MfaDisableSchema, type MfaDisableInput, type Session } from '#shared/schemas/mfa-schemas';
import { useFormatters } from '../../i18n/use-formatters';
import { ApiError } from '../../lib/api-client';
import {
  disableMfa,
  endSession,
  fetchMfaStatus,
  fetchSessions,
  MFA_STATUS_QUERY_KEY,
  mfaStatusQueryKey,
  sessionsQueryKey,
} from '../../lib/session/second-factor-api';
import { useSession } from '../../lib/session/session-context';
import { buttonClassName } from '../button-styles';
import { BusySubmitButton } from '../busy-submit-button';
import { Card } from '../card';
import { FormAlert } from '../form-alert';
import { OneTimeCodeField } from '../form-field';
import { PasswordField } from '../password-field';
import { ErrorState } from '../query-states';
import { LoadingState } from '../spinner';
import { StatusBadge } from '../status-badge';
import { notifyError, notifySuccess } from '../toasts';
import { useCheckedForm } from '../use-checked-form';
import { SecondFactorSetup } from './second-factor-setup';

/**
 * The Security card's second factor (docs/decisions/0015-second-factor-and-sessions.md): whether
 * it is on, turning it on (enrolment in place) and off (password and a current code).
 */
export function SecondFactorCard() {
  const { t } = useTranslation();
  const { token } = useSession();
  const status = useQuery({
    queryKey: mfaStatusQueryKey(token),
    queryFn: ({ signal }) => fetchMfaStatus(signal),
  });
  const [step, setStep] = useState<'idle' | 'enrolling' | 'disabling'>('idle');

  let body;
  if (status.isPending) {
    body = <LoadingState />;
  } else if (status.isError) {
    body = (
      <ErrorState message={t('security.card.loadFailed')} onRetry={() => void status.refetch()} />
    );
  } else if (step === 'enrolling') {
    body = (
      <SecondFactorSetup
        onCancel={() => setStep('idle')}
        onDone={() => {
          setStep('idle');
          notifySuccess(t('security.card.turnedOn'));
        }}
      />
    );
  } else if (step === 'disabling') {
    body = <TurnOffForm onDone={() => setStep('idle')} />;
  } else {
    const enabled = status.data.enabled;
    body = (
      <>
        <p className="mb-4 text-sm text-slate-600">
          {enabled ? t('security.card.onLead') : t('security.card.offLead')}
        </p>
        <button
          type="button"
          onClick={() => setStep(enabled ? 'disabling' : 'enrolling')}
          className={buttonClassName(enabled ? 'secondary' : 'primary')}
        >
          {enabled ? t('security.card.turnOff') : t('security.card.turnOn')}
        </button>
      </>
    );
  }

  return (
    <Card
      title={t('security.card.title')}
      actions={
        status.data && (
          <StatusBadge tone={status.data.enabled ? 'green' : 'grey'}>
            {status.data.enabled ? t('security.card.on') : t('security.card.off')}
          </StatusBadge>
        )
      }
    >
      {body}
    </Card>
  );
}

function TurnOffForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, formError, field, submitWith } = useCheckedForm<MfaDisableInput>({
    resolver: zodResolver(MfaDisableSchema),
    defaultValues: { password: '', code: '' },
  });
  const onSubmit = submitWith(['password', 'code'], t('security.card.offFailed'), async (input) => {
    await disableMfa(input);
    await queryClient.invalidateQueries({ queryKey: MFA_STATUS_QUERY_KEY });
    notifySuccess(t('security.card.turnedOff'));
    onDone();
  });
  return (
    <form noValidate onSubmit={onSubmit} className="max-w-md space-y-4">
      <div>
        <h3 className="text-base font-semibold text-slate-900">{t('security.card.offTitle')}</h3>
        <p className="mt-1 text-sm text-slate-600">{t('security.card.offLead')}</p>
      </div>
      <FormAlert>{formError}</FormAlert>
      <PasswordField
        label={t('security.card.password')}
        autoComplete="current-password"
        {...field('password')}
      />
      <OneTimeCodeField label={t('security.card.code')} {...field('code')} />
      <div className="flex flex-wrap gap-2">
        <BusySubmitButton
          busy={form.formState.isSubmitting}
          label={t('security.card.offSubmit')}
          busyLabel={t('security.card.offBusy')}
          variant="danger"
        />
        <button type="button" onClick={onDone} className={buttonClassName('secondary')}>
          {t('security.card.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The device a session was made on, as its list names it. */
function useDeviceName(): (session: Session) => string {
  const { t } = useTranslation();
  return ({ browser, os }) =>
    browser && os
      ? t('security.sessions.deviceOn', { browser, os })
      : (browser ?? os ?? t('security.sessions.unknownDevice'));
}

/** The account's sessions that still stand; any but this one can be ended at once. */
export function SessionsCard() {
  const { t } = useTranslation();
  const { token } = useSession();
  const { dateTime } = useFormatters();
  const deviceName = useDeviceName();
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: sessionsQueryKey(token),
    queryFn: ({ signal }) => fetchSessions(signal),
  });
  const end = useMutation({
    mutationFn: endSession,
    onSuccess: async () => {
      notifySuccess(t('security.sessions.ended'));
      await queryClient.invalidateQueries({ queryKey: sessionsQueryKey(token) });
    },
    onError: (failure) =>
      notifyError(
        failure instanceof ApiError && failure.message
          ? failure.message
          : t('security.sessions.endFailed'),
      ),
  });

  let body;
  if (sessions.isPending) {
    body = <LoadingState label={t('security.sessions.loading')} />;
  } else if (sessions.isError) {
    body = (
      <ErrorState
        message={t('security.sessions.loadFailed')}
        onRetry={() => void sessions.refetch()}
      />
    );
  } else {
    body = (
      <ul className="divide-y divide-slate-200" aria-label={t('security.sessions.title')}>
        {sessions.data.sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">
                {deviceName(session)}
                {session.current && (
                  <span className="ms-2 align-middle">
                    <StatusBadge tone="blue">{t('security.sessions.current')}</StatusBadge>
                  </span>
                )}
              </p>
              <p className="text-sm text-slate-600">
                {session.address ? (
                  <>
                    {t('security.sessions.address')} <bdi dir="ltr">{session.address}</bdi>
                  </>
                ) : (
                  t('security.sessions.unknownAddress')
                )}
              </p>
              <p className="text-sm text-slate-600">
                {t('security.sessions.created', { date: dateTime(session.createdAt) })} ·{' '}
                {t('security.sessions.lastSeen', { date: dateTime(session.lastSeenAt) })}
              </p>
            </div>
            {!session.current && (
              <button
                type="button"
                aria-label={t('security.sessions.endLabel', { device: deviceName(session) })}
                disabled={end.isPending && end.variables === session.id}
                onClick={() => end.mutate(session.id)}
                className={buttonClassName('secondary')}
              >
                {t('security.sessions.end')}
              </button>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card title={t('security.sessions.title')}>
      <p className="mb-2 text-sm text-slate-600">{t('security.sessions.lead')}</p>
      {body}
    </Card>
  );
}
