import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriverOrder } from '#shared/schemas/driver-schemas';
import { FormAlert } from '../../../ui/form-alert';
import { FormDialog, type FormDialogProps } from '../../../ui/form-dialog';

/**
 * The dialog of a driver's step on an order (deliver, delivery failed, returned): its words under
 * `driver.<words>.*` (title naming the order, cancel, submit and its busy text), large buttons
 * for a thumb, and the server's refusal under the fields.
 */
export function StepFormDialog({
  words,
  order,
  refusal,
  children,
  ...dialog
}: {
  words: 'deliver' | 'failed' | 'return';
  order: DriverOrder;
  refusal: ReactNode;
} & Pick<
  FormDialogProps,
  'lead' | 'onClose' | 'onSubmit' | 'initialFocus' | 'busy' | 'variant' | 'children'
>) {
  const { t } = useTranslation();
  return (
    <FormDialog
      title={t(`driver.${words}.title`, { trackingNumber: order.trackingNumber })}
      width="md"
      size="lg"
      cancelLabel={t(`driver.${words}.cancel`)}
      submitLabel={t(`driver.${words}.submit`)}
      busyLabel={t(`driver.${words}.submitting`)}
      {...dialog}
    >
      {children}
      <FormAlert>{refusal}</FormAlert>
    </FormDialog>
  );
}
