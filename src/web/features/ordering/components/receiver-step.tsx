import { useTranslation } from 'react-i18next';
import type { NewOrderFormValues } from '../new-order-form';
import type { WizardPrice } from '../use-wizard-price';
import { PriceSummary } from './price-summary';
import { PriorityChoice } from './priority-choice';
import { TextAreaField, TextField } from '../../../ui/form-field';
import { useContextFields } from '../../../ui/use-checked-form';

/** Step 3: the receiver and special instructions, beside the price summary. */
export function ReceiverStep({ price }: { price: WizardPrice }) {
  const { t } = useTranslation();
  const field = useContextFields<NewOrderFormValues>();
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      <div className="space-y-5">
        <PriorityChoice />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('ordering.wizard.receiver.receiverName')}
            autoComplete="off"
            {...field('receiverName')}
          />
          <TextField
            label={t('ordering.wizard.receiver.receiverPhone')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            hint={t('ordering.wizard.receiver.receiverPhoneHint')}
            {...field('receiverPhone')}
          />
        </div>
        <TextField
          label={t('ordering.wizard.receiver.receiverEmail')}
          type="email"
          inputMode="email"
          autoComplete="off"
          {...field('receiverEmail')}
        />
        <TextAreaField
          label={t('ordering.wizard.receiver.specialInstructions')}
          hint={t('ordering.wizard.receiver.specialInstructionsHint')}
          {...field('specialInstructions')}
        />
      </div>
      <aside>
        <PriceSummary price={price} />
      </aside>
    </div>
  );
}
