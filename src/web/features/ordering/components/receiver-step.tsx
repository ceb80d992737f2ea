import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { NewOrderFormValues } from '../new-order-form';
import type { WizardPrice } from '../use-wizard-price';
import { PriceSummary } from './price-summary';
import { PriorityChoice } from './priority-choice';
import { TextAreaField, TextField } from '../../../ui/form-field';

/** Step 3: the receiver and special instructions, beside the price summary. */
export function ReceiverStep({ price }: { price: WizardPrice }) {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = useFormContext<NewOrderFormValues>();
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      <div className="space-y-5">
        <PriorityChoice />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('ordering.wizard.receiver.receiverName')}
            autoComplete="off"
            registration={register('receiverName')}
            error={errors.receiverName?.message}
          />
          <TextField
            label={t('ordering.wizard.receiver.receiverPhone')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            hint={t('ordering.wizard.receiver.receiverPhoneHint')}
            registration={register('receiverPhone')}
            error={errors.receiverPhone?.message}
          />
        </div>
        <TextField
          label={t('ordering.wizard.receiver.receiverEmail')}
          type="email"
          inputMode="email"
          autoComplete="off"
          registration={register('receiverEmail')}
          error={errors.receiverEmail?.message}
        />
        <TextAreaField
          label={t('ordering.wizard.receiver.specialInstructions')}
          hint={t('ordering.wizard.receiver.specialInstructionsHint')}
          registration={register('specialInstructions')}
          error={errors.specialInstructions?.message}
        />
      </div>
      <aside>
        <PriceSummary price={price} />
      </aside>
    </div>
  );
}
