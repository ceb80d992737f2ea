import '../ordering-strings';
import { useTranslation } from 'react-i18next';
import { NewOrderWizard } from '../components/new-order-wizard';
import { OrderingShell } from '../components/ordering-shell';

/** /new-order (SPEC section 2, "New-order wizard"). */
export function NewOrderPage() {
  const { t } = useTranslation();
  return (
    <OrderingShell title={t('ordering.wizard.title')} lead={t('ordering.wizard.lead')}>
      <NewOrderWizard />
    </OrderingShell>
  );
}
