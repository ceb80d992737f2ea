import '../dashboard-strings';
import { useRef, useState, type RefObject } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { transitionsFor } from '#shared/order-lifecycle';
import type { OrderStatus } from '#shared/order-status';
import { orgRoleMay } from '#shared/organization-roles';
import { CustomerCancelSchema, type CustomerCancelInput } from '#shared/schemas/admin-schemas';
import { useSession } from '../../../lib/session/session-context';
import { buttonClassName } from '../../../ui/button-styles';
import { FormAlert } from '../../../ui/form-alert';
import { FormDialog } from '../../../ui/form-dialog';
import { TextAreaField } from '../../../ui/form-field';
import { notifySuccess, ToastRegion } from '../../../ui/toasts';
import { useCheckedForm } from '../../../ui/use-checked-form';
import { useCancelOrder } from '../api/team-queries';

/**
 * "Cancel order" on a pending order, for the roles that may cancel
 * (docs/decisions/0014-organizations.md): what the lifecycle table gives a customer, with a reason.
 */
export function CancelOrderButton({ orderId, status }: { orderId: string; status: OrderStatus }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const offered =
    orgRoleMay(user?.organization?.role, 'cancel') &&
    transitionsFor('customer', status).includes('cancelByCustomer');
  if (!offered) return null;
  return (
    <>
      <button
        ref={opener}
        type="button"
        onClick={() => setOpen(true)}
        className={buttonClassName('secondary')}
      >
        {t('dashboard.team.orders.cancel')}
      </button>
      {open && (
        <CancelOrderDialog
          orderId={orderId}
          returnFocusTo={opener}
          onClose={() => setOpen(false)}
        />
      )}
      <ToastRegion />
    </>
  );
}

function CancelOrderDialog({
  orderId,
  returnFocusTo,
  onClose,
}: {
  orderId: string;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const cancel = useCancelOrder(orderId);
  const { form, formError, field, submitWith } = useCheckedForm<CustomerCancelInput>({
    resolver: zodResolver(CustomerCancelSchema),
    defaultValues: { reason: '' },
  });
  const onSubmit = submitWith(['reason'], t('dashboard.team.orders.failed'), async ({ reason }) => {
    await cancel.mutateAsync(reason);
    notifySuccess(t('dashboard.team.orders.cancelled'));
    onClose();
  });
  return (
    <FormDialog
      title={t('dashboard.team.orders.cancelTitle')}
      lead={t('dashboard.team.orders.cancelLead')}
      onClose={onClose}
      onSubmit={onSubmit}
      returnFocusTo={returnFocusTo}
      cancelLabel={t('dashboard.team.orders.keep')}
      submitLabel={t('dashboard.team.orders.confirm')}
      busyLabel={t('dashboard.team.orders.busy')}
      busy={form.formState.isSubmitting}
      variant="danger"
    >
      <FormAlert>{formError}</FormAlert>
      <TextAreaField label={t('dashboard.team.orders.reason')} rows={3} {...field('reason')} />
    </FormDialog>
  );
}
