import { useFormContext } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { shortenIdForDashboard } from '#shared/format';
import type { NewOrderFormValues } from '../new-order-form';
import type { WizardPrice } from '../use-wizard-price';
import { PriceSummary } from './price-summary';
import { PriorityChoice } from './priority-choice';
import { TextAreaField, TextField } from '../../../ui/form-field';
import { useContextFields } from '../../../ui/use-checked-form';

/** Step 3: the receiver and special instructions, beside the price summary. */
export function ReceiverStep({
  price,
  exchangeOf,
}: {
  price: WizardPrice;
  /** The delivered order this one exchanges, when the wizard was opened from its page. */
  exchangeOf: string | null;
}) {
  const { t } = useTranslation();
  const field = useContextFields<NewOrderFormValues>();
  const { register } = useFormContext<NewOrderFormValues>();
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
        <label className="flex min-h-10 items-center gap-3 text-sm text-slate-800">
          <input type="checkbox" className="size-5" {...register('allowOpen')} />
          {t('ordering.wizard.receiver.allowOpen')}
        </label>
        {exchangeOf && (
          <p className="rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-slate-800">
            {t('ordering.wizard.receiver.exchangeOf')}{' '}
            <Link
              to={`/orders/${exchangeOf}`}
              className="font-mono font-semibold text-brand-800 underline"
            >
              {shortenIdForDashboard(exchangeOf)}
            </Link>
          </p>
        )}
      </div>
      <aside>
        <PriceSummary price={price} />
      </aside>
    </div>
  );
}
