import type { ReactNode } from 'react';
import { AlertTriangle, Inbox, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from './button-styles';

/** The error state of a data screen: the message and a Retry button. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-8 text-center"
    >
      <AlertTriangle aria-hidden="true" className="size-6 text-red-600" />
      <p className="text-sm font-medium text-red-800">{message}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className={buttonClassName('secondary')}>
          <RotateCw aria-hidden="true" className="size-4" />
          {t('ui.retry')}
        </button>
      )}
    </div>
  );
}

/** The empty state: the specification's text, then the next action when there is one. */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center">
      <Inbox aria-hidden="true" className="size-6 text-slate-400" />
      <p className="text-sm font-medium text-slate-700">{message}</p>
      {action}
    </div>
  );
}
