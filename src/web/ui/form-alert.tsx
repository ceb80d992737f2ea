import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { useMessageText } from '../i18n/use-message-text';

/**
 * A form's failure, read out when it appears: the server's message (already in the language asked
 * for) or a message key of a shared rule, shown in the current language. Nothing when there is
 * none, so a form writes `<FormAlert>{error}</FormAlert>` without a condition.
 */
export function FormAlert({ children }: { children?: ReactNode }) {
  const messageText = useMessageText();
  if (children === null || children === undefined || children === false || children === '') {
    return null;
  }
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>{typeof children === 'string' ? messageText(children) : children}</div>
    </div>
  );
}
