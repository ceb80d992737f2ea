import { useTranslation } from 'react-i18next';
import { CARGO_TYPES } from '#shared/pricing';
import type { NewOrderFormValues } from '../new-order-form';
import { PriorityChoice } from './priority-choice';
import { SelectField, TextField } from '../../../ui/form-field';
import { useContextFields } from '../../../ui/use-checked-form';

const SIZES = ['length', 'width', 'height'] as const;

/** Step 2: weight, size, cargo type and priority; leaving it prices the order. */
export function CargoStep() {
  const { t } = useTranslation();
  const field = useContextFields<NewOrderFormValues>();
  const numberInput = { type: 'number', inputMode: 'decimal', min: 0, step: 'any' } as const;

  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('ordering.wizard.cargo.weight')}
          {...numberInput}
          {...field('weight')}
        />
        <SelectField
          label={t('ordering.wizard.cargo.cargoType')}
          {...field('cargoType')}
          options={CARGO_TYPES.map((type) => ({
            value: type,
            label: t(`ordering.cargoTypes.${type}`),
          }))}
        />
      </div>
      <fieldset>
        <legend className="mb-3 text-base font-semibold text-slate-900">
          {t('ordering.wizard.cargo.sizes')}
        </legend>
        <div className="grid gap-4 sm:grid-cols-3">
          {SIZES.map((size) => (
            <TextField
              key={size}
              label={t(`ordering.wizard.cargo.${size}`)}
              {...numberInput}
              {...field(size)}
            />
          ))}
        </div>
      </fieldset>
      <PriorityChoice />
      <TextField
        label={t('ordering.wizard.cargo.shipmentInfo')}
        hint={t('ordering.wizard.cargo.shipmentInfoHint')}
        {...field('shipmentInfo')}
      />
    </div>
  );
}
