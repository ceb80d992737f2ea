import '../dashboard-strings';
import { useRef, useState, type RefObject } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toBusinessDate } from '#shared/business-calendar';
import { rescheduleDays } from '#shared/delivery-attempts';
import type { CustomerOrderDetail } from '#shared/schemas/order-schemas';
import {
  ReattemptSchema,
  type Reattempt,
  type ReattemptInput,
} from '#shared/schemas/returns-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { buttonClassName } from '../../../ui/button-styles';
import { ConfirmedActionButton } from '../../../ui/confirmed-action-button';
import { FormAlert } from '../../../ui/form-alert';
import { FormDialog } from '../../../ui/form-dialog';
import { SelectField, TextAreaField, TextField } from '../../../ui/form-field';
import { notifySuccess, ToastRegion } from '../../../ui/toasts';
import { useCheckedForm } from '../../../ui/use-checked-form';
import { useReattempt, useStartReturn } from '../api/returns-queries';

/**
 * The merchant's decision after a failed attempt (docs/decisions/0023-failed-deliveries-and-
 * returns.md): try again on a day of the next 7, or have the parcel brought back. The server says
 * which it would accept (`canReattempt`, `canReturn`); nothing shows when neither.
 */
export function OrderDecisionPanel({
  order,
  className = '',
}: {
  order: CustomerOrderDetail;
  className?: string;
}) {
  const { t } = useTranslation();
  const [trying, setTrying] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const startReturn = useStartReturn(order.id);
  const [returnFailed, setReturnFailed] = useState(false);
  if (!order.canReattempt && !order.canReturn) return null;
  return (
    <section
      aria-labelledby="order-decision-title"
      className={`rounded-lg border border-amber-300 bg-amber-50 p-4 sm:p-5 ${className}`}
    >
      <h2 id="order-decision-title" className="text-base font-semibold text-slate-900">
        {t('dashboard.order.decision.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('dashboard.order.decision.lead')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {order.canReattempt && (
          <button
            ref={opener}
            type="button"
            onClick={() => setTrying(true)}
            className={buttonClassName('primary')}
          >
            {t('dashboard.order.decision.tryAgain')}
          </button>
        )}
        {order.canReturn && (
          <ConfirmedActionButton
            label={t('dashboard.order.decision.return')}
            title={t('dashboard.order.decision.returnTitle')}
            lead={t('dashboard.order.decision.returnLead')}
            cancelLabel={t('dashboard.order.decision.keep')}
            confirmLabel={t('dashboard.order.decision.returnConfirm')}
            busyLabel={t('dashboard.order.decision.busy')}
            busy={startReturn.isPending}
            onConfirm={(close) => {
              setReturnFailed(false);
              startReturn.mutate(undefined, {
                onSuccess: () => {
                  notifySuccess(t('dashboard.order.decision.returnStarted'));
                  close();
                },
                onError: () => setReturnFailed(true),
              });
            }}
          >
            <FormAlert>{returnFailed ? t('dashboard.order.decision.failed') : null}</FormAlert>
          </ConfirmedActionButton>
        )}
      </div>
      {trying && (
        <ReattemptDialog
          orderId={order.id}
          returnFocusTo={opener}
          onClose={() => setTrying(false)}
        />
      )}
      <ToastRegion />
    </section>
  );
}

function ReattemptDialog({
  orderId,
  returnFocusTo,
  onClose,
}: {
  orderId: string;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const reattempt = useReattempt(orderId);
  const days = rescheduleDays(toBusinessDate(new Date()));
  const { form, formError, field, submitWith } = useCheckedForm<ReattemptInput, Reattempt>({
    resolver: zodResolver(ReattemptSchema),
    defaultValues: { on: days[0], phone: '', address: '', note: '' },
  });
  const onSubmit = submitWith(
    ['on', 'phone', 'address', 'note'],
    t('dashboard.order.decision.failed'),
    async (input) => {
      await reattempt.mutateAsync(input);
      notifySuccess(t('dashboard.order.decision.rescheduled'));
      onClose();
    },
  );
  return (
    <FormDialog
      title={t('dashboard.order.decision.tryAgainTitle')}
      lead={t('dashboard.order.decision.tryAgainLead')}
      onClose={onClose}
      onSubmit={onSubmit}
      returnFocusTo={returnFocusTo}
      cancelLabel={t('dashboard.order.decision.keep')}
      submitLabel={t('dashboard.order.decision.tryAgainConfirm')}
      busyLabel={t('dashboard.order.decision.busy')}
      busy={form.formState.isSubmitting}
    >
      <FormAlert>{formError}</FormAlert>
      <SelectField
        label={t('dashboard.order.decision.day')}
        options={days.map((day, index) => ({
          value: day,
          label:
            index === 0
              ? t('dashboard.order.decision.tomorrow', { day: format.dayMonth(day) })
              : format.dayMonth(day),
        }))}
        {...field('on')}
      />
      <TextField
        label={t('dashboard.order.decision.phone')}
        hint={t('dashboard.order.decision.optional')}
        type="tel"
        autoComplete="off"
        {...field('phone')}
      />
      <TextField
        label={t('dashboard.order.decision.address')}
        hint={t('dashboard.order.decision.addressHint')}
        {...field('address')}
      />
      <TextAreaField
        label={t('dashboard.order.decision.note')}
        hint={t('dashboard.order.decision.optional')}
        rows={2}
        {...field('note')}
      />
    </FormDialog>
  );
}
