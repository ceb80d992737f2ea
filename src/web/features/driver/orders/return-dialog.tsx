import '../driver-strings';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReturnCodeSchema } from '#shared/schemas/returns-schemas';
import { firstIssuePerField, useStepDialog, type StepDialogProps } from './use-step-dialog';
import { SixDigitCodeField } from './six-digit-code-field';
import { StepFormDialog } from './step-form-dialog';

/**
 * Returned to the sender (docs/decisions/0023-failed-deliveries-and-returns.md): the sender's
 * 6-digit return code proves it, like the receiver's delivery code proves a delivery; the
 * server's refusal (a wrong code, the lock after too many) is shown in the dialog.
 */
export function ReturnDialog(props: StepDialogProps) {
  const { order, onClose } = props;
  const { t } = useTranslation();
  const codeInput = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const { errors, setErrors, refusal, setRefusal, busy, send } = useStepDialog(props, ['code']);

  const submit = async () => {
    setRefusal(null);
    const checked = ReturnCodeSchema.safeParse({ code });
    if (!checked.success) {
      setErrors(firstIssuePerField<'code'>(checked.error.issues));
      return;
    }
    setErrors({});
    await send('return-delivered', { code: checked.data.code });
  };

  return (
    <StepFormDialog
      words="return"
      order={order}
      lead={t('driver.return.lead')}
      onClose={onClose}
      onSubmit={submit}
      initialFocus={codeInput}
      busy={busy}
      refusal={refusal}
    >
      <SixDigitCodeField
        label={t('driver.return.code')}
        error={errors.code}
        value={code}
        onChange={setCode}
        inputRef={codeInput}
      />
    </StepFormDialog>
  );
}
