import '../i18n/live-strings';
import { useTranslation } from 'react-i18next';
import type { StreamState } from '../lib/live/event-stream';

const dotClassNames: Record<StreamState, string> = {
  connecting: 'bg-slate-400 motion-safe:animate-pulse',
  live: 'bg-emerald-500',
  down: 'bg-amber-500 motion-safe:animate-pulse',
};

/**
 * The top bar's word on the live updates: a dot and a short text. On phones "Live" is only a
 * green dot (its text stays for screen readers), while "Reconnecting..." stays written out: it is
 * the one that changes what the user may trust on screen.
 */
export function LiveIndicator({ state }: { state: StreamState }) {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      aria-label={t('live.label')}
      data-state={state}
      className="flex shrink-0 items-center gap-1.5 text-xs font-semibold whitespace-nowrap text-slate-600"
    >
      <span aria-hidden="true" className={`size-2.5 rounded-full ${dotClassNames[state]}`} />
      <span className={state === 'live' ? 'sr-only sm:not-sr-only' : undefined}>
        {t(`live.${state}`)}
      </span>
    </p>
  );
}
