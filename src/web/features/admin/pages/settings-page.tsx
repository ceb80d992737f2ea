import '../admin-strings';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { MAX_DELIVERY_ATTEMPTS_RANGE } from '#shared/delivery-attempts';
import {
  BusinessSettingsUpdateSchema,
  type BusinessSettingsUpdate,
  type BusinessSettingsUpdateInput,
  type BusinessSettingsView,
} from '#shared/schemas/settings-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { BusySubmitButton } from '../../../ui/busy-submit-button';
import { Card } from '../../../ui/card';
import { FormAlert } from '../../../ui/form-alert';
import { TextAreaField, TextField } from '../../../ui/form-field';
import { PageHeader } from '../../../ui/page-header';
import { ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { notifySuccess } from '../../../ui/toasts';
import { useCheckedForm } from '../../../ui/use-checked-form';
import { useBusinessSettings, useSaveBusinessSettings } from '../api/settings-api';

type SettingsField = keyof BusinessSettingsUpdateInput;

const FIELDS: readonly SettingsField[] = [
  'legalName',
  'address',
  'ice',
  'ifNumber',
  'rc',
  'tp',
  'patente',
  'vatRatePercent',
  'codFeePercent',
  'payoutMinimum',
  'maxDeliveryAttempts',
  'returnFeePercent',
];

/** The form holds what the server answered, numbers as the text of their fields. */
function toFormValues(settings: BusinessSettingsView): BusinessSettingsUpdateInput {
  return {
    legalName: settings.legalName,
    address: settings.address,
    ice: settings.ice,
    ifNumber: settings.ifNumber,
    rc: settings.rc,
    tp: settings.tp,
    patente: settings.patente,
    vatRatePercent: String(settings.vatRatePercent),
    codFeePercent: String(settings.codFeePercent),
    payoutMinimum: String(settings.payoutMinimum),
    maxDeliveryAttempts: String(settings.maxDeliveryAttempts),
    returnFeePercent: String(settings.returnFeePercent),
  };
}

function SettingsForm({ settings }: { settings: BusinessSettingsView }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const save = useSaveBusinessSettings();
  const { form, formError, field, submitWith } = useCheckedForm<
    BusinessSettingsUpdateInput,
    BusinessSettingsUpdate
  >({
    resolver: zodResolver(BusinessSettingsUpdateSchema),
    defaultValues: toFormValues(settings),
  });
  const onSubmit = submitWith(FIELDS, t('admin.settings.failed'), async (values) => {
    const saved = await save.mutateAsync(values);
    form.reset(toFormValues(saved));
    notifySuccess(t('admin.settings.saved'));
  });
  const labelled = (name: SettingsField) => ({
    ...field(name),
    label: t(`admin.settings.fields.${name}`),
  });
  // Identifiers and amounts read left to right in Arabic pages too.
  const digits = { dir: 'ltr', inputMode: 'numeric', autoComplete: 'off' } as const;
  const decimal = {
    dir: 'ltr',
    type: 'number',
    step: '0.01',
    min: 0,
    inputMode: 'decimal',
  } as const;

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-3xl flex-col gap-4">
      <FormAlert>{formError}</FormAlert>
      <Card title={t('admin.settings.identity.title')}>
        <p className="mb-4 text-sm text-slate-600">{t('admin.settings.identity.lead')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField {...labelled('legalName')} autoComplete="organization" />
          </div>
          <div className="sm:col-span-2">
            <TextAreaField {...labelled('address')} autoComplete="street-address" />
          </div>
          <TextField {...labelled('ice')} {...digits} hint={t('admin.settings.hints.ice')} />
          <TextField {...labelled('ifNumber')} {...digits} />
          <TextField {...labelled('rc')} dir="ltr" autoComplete="off" />
          <TextField {...labelled('tp')} {...digits} />
          <TextField {...labelled('patente')} {...digits} />
        </div>
      </Card>
      <Card title={t('admin.settings.taxes.title')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...labelled('vatRatePercent')}
            {...decimal}
            max={100}
            hint={t('admin.settings.hints.vatRatePercent')}
          />
          <TextField
            {...labelled('codFeePercent')}
            {...decimal}
            max={100}
            hint={t('admin.settings.hints.codFeePercent')}
          />
        </div>
      </Card>
      <Card title={t('admin.settings.payouts.title')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...labelled('payoutMinimum')}
            {...decimal}
            hint={t('admin.settings.hints.payoutMinimum')}
          />
        </div>
      </Card>
      <Card title={t('admin.settings.returns.title')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...labelled('maxDeliveryAttempts')}
            dir="ltr"
            type="number"
            step="1"
            min={MAX_DELIVERY_ATTEMPTS_RANGE.min}
            max={MAX_DELIVERY_ATTEMPTS_RANGE.max}
            inputMode="numeric"
            hint={t('admin.settings.hints.maxDeliveryAttempts')}
          />
          <TextField
            {...labelled('returnFeePercent')}
            {...decimal}
            max={100}
            hint={t('admin.settings.hints.returnFeePercent')}
          />
        </div>
      </Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-500">
          {t('admin.settings.updatedAt', { time: dateTime(settings.updatedAt) })}
        </p>
        <BusySubmitButton
          busy={form.formState.isSubmitting}
          label={t('admin.settings.save')}
          busyLabel={t('admin.settings.saving')}
        />
      </div>
    </form>
  );
}

/**
 * /admin/settings (docs/decisions/0020-merchant-money.md): the carrier's legal identity printed on
 * invoices, the VAT rate and COD fee, the payout minimum, and the failed attempts before a return
 * and the return fee (docs/decisions/0023-failed-deliveries-and-returns.md). Each save is audited.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const query = useBusinessSettings();
  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) {
    body = (
      <ErrorState message={t('admin.settings.loadFailed')} onRetry={() => void query.refetch()} />
    );
  } else body = <SettingsForm settings={query.data} />;
  return (
    <>
      <PageHeader title={t('admin.settings.title')} lead={t('admin.settings.lead')} />
      {body}
    </>
  );
}
