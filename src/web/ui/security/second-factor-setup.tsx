import '../../i18n/security-strings';
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TotpCodeSchema } from '#shared/schemas/mfa-schemas';
import { useSession } from '../../lib/session/session-context';
import {
  enableMfa,
  MFA_STATUS_QUERY_KEY,
  SECURITY_QUERY_KEY,
  startMfaSetup,
} from '../../lib/session/second-factor-api';
import { buttonClassName } from '../button-styles';
import { BusySubmitButton } from '../busy-submit-button';
import { CopyButton } from '../copy-button';
import { FormAlert } from '../form-alert';
import { OneTimeCodeField } from '../form-field';
import { ErrorState } from '../query-states';
import { LoadingState } from '../spinner';
import { useCheckedForm } from '../use-checked-form';

const ConfirmSchema = z.object({ code: TotpCodeSchema });

/**
 * Enrolment in a second factor (docs/decisions/0015-second-factor-and-sessions.md): the QR code
 * and the key to type by hand, confirmation with a first code, then the ten recovery codes shown
 * this once, to copy or download. `onDone` runs once the user says they saved them.
 */
export function SecondFactorSetup({ onDone, onCancel }: { onDone(): void; onCancel?(): void }) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onDone} />;
  return <ScanAndConfirm onEnabled={setRecoveryCodes} onCancel={onCancel} />;
}

function ScanAndConfirm({
  onEnabled,
  onCancel,
}: {
  onEnabled(codes: string[]): void;
  onCancel?(): void;
}) {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  // One set-up per screen: a second request would replace the key the QR code shows.
  const setup = useQuery({
    queryKey: [...SECURITY_QUERY_KEY, 'setup', token],
    queryFn: startMfaSetup,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const { form, formError, field, submitWith } = useCheckedForm<
    z.input<typeof ConfirmSchema>,
    z.output<typeof ConfirmSchema>
  >({ resolver: zodResolver(ConfirmSchema), defaultValues: { code: '' } });

  const onSubmit = submitWith(['code'], t('security.setup.failed'), async ({ code }) => {
    const { recoveryCodes } = await enableMfa(code);
    // The codes first: this form (and its set-up, which must not be asked for again) goes away.
    onEnabled(recoveryCodes);
    await queryClient.invalidateQueries({ queryKey: MFA_STATUS_QUERY_KEY });
  });

  if (setup.isPending) return <LoadingState label={t('security.setup.loading')} />;
  if (setup.isError) {
    return (
      <ErrorState message={t('security.setup.loadFailed')} onRetry={() => void setup.refetch()} />
    );
  }
  const { secret, qrSvg } = setup.data;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{t('security.setup.scan')}</p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
        alt={t('security.setup.qrLabel')}
        className="size-48 rounded-lg border border-slate-200 bg-white"
      />
      <div>
        <p className="text-sm text-slate-700">{t('security.setup.manual')}</p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <code
            dir="ltr"
            data-secret
            className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm tracking-wider break-all text-slate-900"
          >
            {secret}
          </code>
          <CopyButton
            value={secret}
            label={t('security.setup.copySecret')}
            copiedLabel={t('security.recovery.copied')}
            failedLabel={t('security.recovery.copyFailed')}
          />
        </div>
      </div>
      <form noValidate onSubmit={onSubmit} className="max-w-xs space-y-4">
        <p className="text-sm text-slate-700">{t('security.setup.confirm')}</p>
        <FormAlert>{formError}</FormAlert>
        <OneTimeCodeField label={t('security.setup.code')} {...field('code')} />
        <div className="flex flex-wrap gap-2">
          <BusySubmitButton
            busy={form.formState.isSubmitting}
            label={t('security.setup.submit')}
            busyLabel={t('security.setup.busy')}
          />
          {onCancel && (
            <button type="button" onClick={onCancel} className={buttonClassName('secondary')}>
              {t('security.setup.cancel')}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation();
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = t('security.recovery.fileName');
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-4">
      <h3 className="text-base font-semibold text-slate-900">{t('security.recovery.title')}</h3>
      <p className="text-sm text-slate-700">{t('security.recovery.lead')}</p>
      <ol
        aria-label={t('security.recovery.listLabel')}
        dir="ltr"
        className="grid max-w-sm grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton
          value={text}
          label={t('security.recovery.copy')}
          copiedLabel={t('security.recovery.copied')}
          failedLabel={t('security.recovery.copyFailed')}
        />
        <button type="button" onClick={download} className={buttonClassName('secondary')}>
          <Download aria-hidden="true" className="size-4" />
          {t('security.recovery.download')}
        </button>
      </div>
      <button type="button" onClick={onDone} className={buttonClassName('primary')}>
        {t('security.recovery.done')}
      </button>
    </div>
  );
}
