import '../driver-strings';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeliverOrderSchema, driverMessages } from '#shared/schemas/driver-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { FormField } from '../../../ui/form-field';
import { inputClassName } from '../../../ui/input-styles';
import { firstIssuePerField, useStepDialog, type StepDialogProps } from './use-step-dialog';
import { SixDigitCodeField } from './six-digit-code-field';
import { StepFormDialog } from './step-form-dialog';

type Field = 'code' | 'cashCollected';

/**
 * Deliver (docs/decisions/0009-drivers.md, "Proof of delivery" and "Cash on delivery"): the receiver's 6-digit
 * code, and for a cash order the cash collected in MAD. The server's refusal (a wrong code, a
 * lock-out after too many) is shown here, in the dialog, in its own words.
 */
export function DeliverDialog(props: StepDialogProps) {
  const { order, onClose } = props;
  const { t } = useTranslation();
  const { mad } = useFormatters();
  const codeInput = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [cash, setCash] = useState('');
  const { errors, setErrors, refusal, setRefusal, busy, send } = useStepDialog(props, [
    'code',
    'cashCollected',
  ]);
  const collectsCash = order.cashToCollect !== null;

  const submit = async () => {
    setRefusal(null);
    const checked = DeliverOrderSchema.safeParse({
      code,
      cashCollected: collectsCash ? cash : undefined,
    });
    const found: Partial<Record<Field, string>> = checked.success
      ? {}
      : firstIssuePerField<Field>(checked.error.issues);
    if (checked.success && collectsCash && checked.data.cashCollected === undefined) {
      found.cashCollected = driverMessages.cashRequired;
    }
    setErrors(found);
    if (!checked.success || Object.keys(found).length > 0) return;

    await send('deliver', {
      code: checked.data.code,
      ...(collectsCash && { cashCollected: checked.data.cashCollected }),
    });
  };

  return (
    <StepFormDialog
      words="deliver"
      order={order}
      lead={t('driver.deliver.lead')}
      onClose={onClose}
      onSubmit={submit}
      initialFocus={codeInput}
      busy={busy}
      refusal={refusal}
    >
      <SixDigitCodeField
        label={t('driver.deliver.code')}
        error={errors.code}
        value={code}
        onChange={setCode}
        inputRef={codeInput}
      />
      {collectsCash && (
        <FormField
          label={t('driver.deliver.cash')}
          hint={t('driver.deliver.cashHint', { amount: mad(order.cashToCollect ?? 0) })}
          error={errors.cashCollected}
        >
          {(control) => (
            <input
              {...control}
              value={cash}
              onChange={(event) => setCash(event.target.value)}
              inputMode="decimal"
              autoComplete="off"
              className={`${inputClassName(Boolean(errors.cashCollected))} tabular-nums`}
            />
          )}
        </FormField>
      )}
    </StepFormDialog>
  );
}
