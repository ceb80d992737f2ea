import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Banknote, CreditCard, HandCoins, ShieldCheck } from 'lucide-react';
import { amountToCollectCentimes, FEE_PAYERS } from '#shared/merchant-money';
import { centimesToMad, madToCentimes } from '#shared/money';
import { CodAmountSchema } from '#shared/schemas/order-schemas';
import { WIZARD_PAYMENT_METHODS } from '#shared/schemas/new-order-wizard-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import type { NewOrderFormValues } from '../new-order-form';
import type { WizardPrice } from '../use-wizard-price';
import { OrderSummary } from './order-summary';
import { PriceSummary } from './price-summary';
import { TextField } from '../../../ui/form-field';
import { useContextFields } from '../../../ui/use-checked-form';
import { ChoiceGroup } from '../../../ui/choice-group';

const methodIcons = { card: CreditCard, cod: Banknote } as const;

/**
 * What the receiver pays at the door, in MAD, by the shared rule with the server's quoted price;
 * null while the price or the amount typed is not known.
 */
function receiverPays(
  codAmount: string,
  feePaidBy: NewOrderFormValues['feePaidBy'],
  price: number | null,
) {
  const cod = CodAmountSchema.safeParse(codAmount);
  if (!cod.success || price === null) return null;
  return centimesToMad(
    amountToCollectCentimes({
      codAmountCentimes: madToCentimes(cod.data ?? 0),
      feePaidBy,
      priceCentimes: madToCentimes(price),
    }),
  );
}

/**
 * The goods' value the driver collects, who pays the delivery fee, the declared value, and what
 * the receiver will pay at the door (docs/decisions/0020-merchant-money.md).
 */
function CollectFields({ price }: { price: number | null }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { control } = useFormContext<NewOrderFormValues>();
  const field = useContextFields<NewOrderFormValues>();
  const [codAmount, feePaidBy] = useWatch({ control, name: ['codAmount', 'feePaidBy'] });
  const toPay = receiverPays(codAmount, feePaidBy, price);
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('ordering.wizard.payment.codAmount')}
          hint={t('ordering.wizard.payment.codAmountHint')}
          inputMode="decimal"
          autoComplete="off"
          {...field('codAmount')}
        />
        <TextField
          label={t('ordering.wizard.payment.declaredValue')}
          hint={t('ordering.wizard.payment.declaredValueHint')}
          inputMode="decimal"
          autoComplete="off"
          {...field('declaredValue')}
        />
      </div>
      <ChoiceGroup
        legend={t('ordering.wizard.payment.feePaidBy')}
        {...field('feePaidBy')}
        columns={2}
        choices={FEE_PAYERS.map((value) => ({
          value,
          label: t(`ordering.wizard.payment.feePayers.${value}.label`),
          description: t(`ordering.wizard.payment.feePayers.${value}.text`),
        }))}
      />
      <p
        role="status"
        data-testid="receiver-pays"
        className="flex gap-2 rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-900 ring-1 ring-brand-100"
      >
        <HandCoins aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {toPay === null
          ? t('ordering.wizard.payment.receiverPaysUnknown')
          : toPay > 0
            ? t('ordering.wizard.payment.receiverPays', { amount: format.dh(toPay) })
            : t('ordering.wizard.payment.receiverPaysNothing')}
      </p>
    </div>
  );
}

/**
 * Step 4: card or cash on delivery, beside the order summary. Card details are checked here and
 * never sent (docs/product.md, decision 4): the payload is built without them.
 */
export function PaymentStep({ price }: { price: WizardPrice }) {
  const { t } = useTranslation();
  const { control } = useFormContext<NewOrderFormValues>();
  const field = useContextFields<NewOrderFormValues>();
  const method = useWatch({ control, name: 'paymentMethod' });

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      <div className="space-y-5">
        <ChoiceGroup
          legend={t('ordering.wizard.payment.method')}
          {...field('paymentMethod')}
          columns={2}
          choices={WIZARD_PAYMENT_METHODS.map((value) => {
            const Icon = methodIcons[value];
            return {
              value,
              label: t(`ordering.wizard.payment.methods.${value}.label`),
              description: t(`ordering.wizard.payment.methods.${value}.text`),
              icon: <Icon aria-hidden="true" className="size-4 text-brand-800" />,
            };
          })}
        />
        <CollectFields price={price.state === 'ready' ? price.result.price : null} />
        {method === 'card' && (
          <div className="space-y-4 rounded-lg border border-slate-200 p-4">
            <TextField
              label={t('ordering.wizard.payment.cardNumber')}
              inputMode="numeric"
              autoComplete="cc-number"
              {...field('cardNumber')}
            />
            <TextField
              label={t('ordering.wizard.payment.cardName')}
              autoComplete="cc-name"
              {...field('cardName')}
            />
            <div className="grid grid-cols-2 gap-4">
              <TextField
                label={t('ordering.wizard.payment.expiryDate')}
                placeholder={t('ordering.wizard.payment.expiryHint')}
                inputMode="numeric"
                autoComplete="cc-exp"
                maxLength={5}
                {...field('expiryDate')}
              />
              <TextField
                label={t('ordering.wizard.payment.cvv')}
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                {...field('cvv')}
              />
            </div>
            <p className="flex gap-2 text-sm text-slate-600">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
              {t('ordering.wizard.payment.cardNote')}
            </p>
          </div>
        )}
        <p className="text-sm text-slate-600">{t('ordering.wizard.payment.placeHint')}</p>
      </div>
      <aside className="space-y-4">
        <OrderSummary />
        <PriceSummary price={price} />
      </aside>
    </div>
  );
}
