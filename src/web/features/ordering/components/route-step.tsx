import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { NewOrderFormValues } from '../new-order-form';
import { CityField } from './city-picker';
import { TextField } from '../../../ui/form-field';
import { useContextFields } from '../../../ui/use-checked-form';

const legendClassName = 'mb-3 text-base font-semibold text-slate-900';

/**
 * Step 1: a listed city for each end (docs/product.md, decision 13) and an optional street address.
 */
export function RouteStep() {
  const { t } = useTranslation();
  const { control } = useFormContext<NewOrderFormValues>();
  const field = useContextFields<NewOrderFormValues>();
  const ends = [
    { end: 'pickup', city: 'pickupLocation', address: 'pickupAddress' },
    { end: 'delivery', city: 'deliveryLocation', address: 'deliveryAddress' },
  ] as const;

  return (
    <div className="grid gap-8 md:grid-cols-2">
      {ends.map(({ end, city, address }) => (
        <fieldset key={end} className="space-y-4">
          <legend className={legendClassName}>{t(`ordering.wizard.route.${end}`)}</legend>
          <CityField name={city} control={control} label={t(`ordering.wizard.route.${end}City`)} />
          <TextField
            label={t(`ordering.wizard.route.${end}Address`)}
            autoComplete="off"
            hint={t('ordering.wizard.route.addressHint')}
            {...field(address)}
          />
        </fieldset>
      ))}
    </div>
  );
}
