import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { cityLabel, cityNamesSortedFor } from '#shared/cities';
import {
  PickupAddressUpdateSchema,
  type PickupAddress,
  type PickupAddressUpdate,
  type PickupAddressUpdateInput,
} from '#shared/schemas/pickup-address-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { BusySubmitButton } from '../../../ui/busy-submit-button';
import { Card } from '../../../ui/card';
import { FormAlert } from '../../../ui/form-alert';
import { SelectField, TextField } from '../../../ui/form-field';
import { ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { useCheckedForm } from '../../../ui/use-checked-form';
import { usePickupAddress, useSavePickupAddress } from '../api/developer-queries';

const toFormValues = (pickup: PickupAddress): PickupAddressUpdateInput => ({
  city: pickup.city ?? '',
  address: pickup.address ?? '',
});

function PickupAddressForm({ pickup }: { pickup: PickupAddress }) {
  const { t } = useTranslation();
  const { locale } = useFormatters();
  const save = useSavePickupAddress();
  const [saved, setSaved] = useState(false);
  const { form, formError, field, submitWith } = useCheckedForm<
    PickupAddressUpdateInput,
    PickupAddressUpdate
  >({
    resolver: zodResolver(PickupAddressUpdateSchema),
    defaultValues: toFormValues(pickup),
  });
  const cityOptions = [
    { value: '', label: t('developers.pickup.chooseCity') },
    ...cityNamesSortedFor(locale).map((name) => ({ value: name, label: cityLabel(name, locale) })),
  ];
  const onSubmit = submitWith(
    ['city', 'address'],
    t('developers.pickup.failed'),
    async (values) => {
      setSaved(false);
      form.reset(toFormValues(await save.mutateAsync(values)));
      setSaved(true);
    },
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-[1fr_2fr]">
      <div className="sm:col-span-2">
        <FormAlert>{formError}</FormAlert>
      </div>
      <SelectField label={t('developers.pickup.city')} options={cityOptions} {...field('city')} />
      <TextField
        label={t('developers.pickup.address')}
        hint={t('developers.pickup.addressHint')}
        autoComplete="street-address"
        {...field('address')}
      />
      <div className="flex items-center justify-end gap-3 sm:col-span-2">
        <p role="status" className="text-sm font-medium text-emerald-700">
          {saved && !form.formState.isDirty ? t('developers.pickup.saved') : ''}
        </p>
        <BusySubmitButton
          busy={form.formState.isSubmitting}
          label={t('developers.pickup.save')}
          busyLabel={t('developers.pickup.saving')}
        />
      </div>
    </form>
  );
}

/**
 * The organization's default pickup address (docs/decisions/0021-shippers-api.md, "The sender"):
 * where API and imported parcels that name no sender are picked up.
 */
export function PickupAddressSection() {
  const { t } = useTranslation();
  const pickup = usePickupAddress();
  let body;
  if (pickup.isPending) body = <LoadingState />;
  else if (pickup.isError) {
    body = (
      <ErrorState
        message={t('developers.pickup.loadFailed')}
        onRetry={() => void pickup.refetch()}
      />
    );
  } else body = <PickupAddressForm pickup={pickup.data} />;
  return (
    <Card className="mt-6" title={t('developers.pickup.title')}>
      <p className="mb-4 text-sm text-slate-600">{t('developers.pickup.lead')}</p>
      {body}
    </Card>
  );
}
