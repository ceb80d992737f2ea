import '../dashboard-strings';
import { useTranslation } from 'react-i18next';
import { ArrowUp, ShieldCheck } from 'lucide-react';
import { buttonClassName } from '../../../ui/button-styles';
import { PageHeader } from '../../../ui/page-header';
import { OrderNotificationList } from '../components/order-notification-list';

/**
 * docs/product.md, section 2: one static notice about the session token, and a scroll-to-top
 * button; below the notice, the customer's notifications about their orders
 * (docs/product.md, section 1).
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('dashboard.notifications.title')}
        lead={t('dashboard.notifications.lead')}
      />
      <ul className="flex flex-col gap-3">
        <li>
          <article className="flex gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-500/15 text-accent-600">
              <ShieldCheck aria-hidden="true" className="size-5" />
            </span>
            <div>
              <h2 className="font-semibold text-slate-900">
                {t('dashboard.notifications.tokenTitle')}
              </h2>
              <p className="mt-1 text-slate-700">{t('dashboard.notifications.tokenBody')}</p>
              <p className="mt-2 text-sm text-slate-600">
                {t('dashboard.notifications.tokenExpiry')}
              </p>
            </div>
          </article>
        </li>
      </ul>
      <OrderNotificationList />
      <div className="mt-8 flex justify-end">
        <button
          type="button"
          // index.css turns the smooth scroll off for reduced motion.
          onClick={() => window.scrollTo({ top: 0 })}
          className={buttonClassName('secondary')}
        >
          <ArrowUp aria-hidden="true" className="size-4" />
          {t('dashboard.notifications.scrollTop')}
        </button>
      </div>
    </>
  );
}
