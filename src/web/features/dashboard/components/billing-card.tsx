import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { formatRib } from '#shared/moroccan-identifiers';
import { orgRoleMay } from '#shared/organization-roles';
import {
  BillingUpdateSchema,
  type BillingUpdate,
  type BillingUpdateInput,
  type OrganizationBilling,
} from '#shared/schemas/settings-schemas';
import { useSession } from '../../../lib/session/session-context';
import { BusySubmitButton } from '../../../ui/busy-submit-button';
import { Card } from '../../../ui/card';
import { DetailList } from '../../../ui/detail-list';
import { FormAlert } from '../../../ui/form-alert';
import { TextField } from '../../../ui/form-field';
import { ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { notifySuccess } from '../../../ui/toasts';
import { useCheckedForm } from '../../../ui/use-checked-form';
import { useBilling, useSaveBilling } from '../api/billing-queries';

const FIELDS = ['rib', 'ribHolder', 'ice'] as const;

/** What the form shows: the RIB in its printed groups (spaces are read back as nothing). */
function toFormValues(billing: OrganizationBilling): BillingUpdateInput {
  return {
    rib: billing.rib ? formatRib(billing.rib) : '',
    ribHolder: billing.ribHolder ?? '',
    ice: billing.ice ?? '',
  };
}

/** Identifiers read left to right in Arabic pages too. */
const digits = { dir: 'ltr', inputMode: 'numeric', autoComplete: 'off' } as const;

function BillingForm({ billing }: { billing: OrganizationBilling }) {
  const { t } = useTranslation();
  const save = useSaveBilling();
  const { form, formError, field, submitWith } = useCheckedForm<BillingUpdateInput, BillingUpdate>({
    resolver: zodResolver(BillingUpdateSchema),
    defaultValues: toFormValues(billing),
  });
  const onSubmit = submitWith(FIELDS, t('dashboard.billing.failed'), async (values) => {
    const saved = await save.mutateAsync(values);
    form.reset(toFormValues(saved));
    notifySuccess(t('dashboard.billing.saved'));
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormAlert>{formError}</FormAlert>
      <TextField
        label={t('dashboard.billing.rib')}
        hint={t('dashboard.billing.ribHint')}
        {...digits}
        {...field('rib')}
      />
      <TextField
        label={t('dashboard.billing.ribHolder')}
        autoComplete="off"
        {...field('ribHolder')}
      />
      <TextField
        label={t('dashboard.billing.ice')}
        hint={t('dashboard.billing.iceHint')}
        {...digits}
        {...field('ice')}
      />
      <div className="flex justify-end">
        <BusySubmitButton
          busy={form.formState.isSubmitting}
          label={t('dashboard.billing.save')}
          busyLabel={t('dashboard.billing.saving')}
        />
      </div>
    </form>
  );
}

function BillingDetails({ billing }: { billing: OrganizationBilling }) {
  const { t } = useTranslation();
  const none = t('dashboard.billing.none');
  const ltr = (text: string | null) => (text ? <span dir="ltr">{text}</span> : none);
  return (
    <>
      <DetailList
        columns={1}
        details={[
          { label: t('dashboard.billing.rib'), value: ltr(billing.rib && formatRib(billing.rib)) },
          { label: t('dashboard.billing.ribHolder'), value: billing.ribHolder ?? none },
          { label: t('dashboard.billing.ice'), value: ltr(billing.ice) },
        ]}
      />
      <p className="mt-4 text-sm text-slate-600">{t('dashboard.billing.ownerChanges')}</p>
    </>
  );
}

/**
 * Profile's "Bank details & ICE" (docs/decisions/0020-merchant-money.md): where payouts go and
 * what invoices print. The owner edits, an accountant reads, staff never see the card.
 */
export function BillingCard() {
  const { t } = useTranslation();
  const { user } = useSession();
  const role = user?.organization?.role;
  const mayRead = orgRoleMay(role, 'readMoney');
  const mayEdit = orgRoleMay(role, 'manageBilling');
  const query = useBilling(mayRead);
  if (!mayRead) return null;

  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) {
    body = (
      <ErrorState
        message={t('dashboard.billing.loadFailed')}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (mayEdit) body = <BillingForm billing={query.data} />;
  else body = <BillingDetails billing={query.data} />;
  return (
    <Card title={t('dashboard.billing.title')}>
      <p className="mb-4 text-sm text-slate-600">{t('dashboard.billing.lead')}</p>
      {body}
    </Card>
  );
}
