import '../ordering-strings';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../../ui/button-styles';
import { useSession } from '../../../lib/session/session-context';
import { NewOrderWizard } from '../components/new-order-wizard';
import { OrderingShell } from '../components/ordering-shell';

/**
 * /new-order (docs/product.md, section 2, "New-order wizard"). Orders belong to a customer account,
 * so an administrator, whom the guard lets in like any signed-in user, is told so up front instead
 * of filling five steps that the server will refuse.
 */
export function NewOrderPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <OrderingShell title={t('ordering.wizard.title')} lead={t('ordering.wizard.lead')}>
      {user?.role === 'ADMIN' ? (
        <div
          role="note"
          className="rounded-lg border border-brand-200 bg-brand-50 p-5 text-sm text-brand-950"
        >
          <p>{t('ordering.wizard.adminNotice')}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Link to="/calculate-distance" className={buttonClassName('primary')}>
              {t('ordering.wizard.adminCalculator')}
            </Link>
            <Link to="/admin" className={buttonClassName('secondary')}>
              {t('ordering.wizard.adminBackOffice')}
            </Link>
          </div>
        </div>
      ) : (
        <NewOrderWizard />
      )}
    </OrderingShell>
  );
}
