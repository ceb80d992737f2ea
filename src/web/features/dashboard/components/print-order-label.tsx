import { useTranslation } from 'react-i18next';
import type { LabelFormat } from '#shared/labels';
import type { OrderStatus } from '#shared/order-status';
import { printOrderLabel } from '../../../lib/label-printing';
import { PrintLabelsButton } from '../../../ui/print-labels-button';
import { useLabelPrinting } from '../api/label-queries';

/** "Print label" on the order's page; a cancelled order has none, a role that cannot print no button. */
export function PrintOrderLabel({ orderId, status }: { orderId: string; status: OrderStatus }) {
  const { t } = useTranslation();
  const labels = useLabelPrinting();
  if (!labels.mayPrint || status === 'CANCELLED') return null;
  return (
    <PrintLabelsButton
      // Mounted again once the remembered format is known, so it is the one offered.
      key={labels.format}
      text={t('labels.printOne')}
      defaultFormat={labels.format}
      print={async (format: LabelFormat) => {
        await printOrderLabel('dashboard', orderId, format);
        labels.printed();
      }}
    />
  );
}
