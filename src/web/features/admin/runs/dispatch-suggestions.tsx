import '../../../i18n/runs-strings';
import { Check, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DispatchSuggestion } from '#shared/schemas/run-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { buttonClassName } from '../../../ui/button-styles';
import { EmptyState, ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { useDispatchSuggestions } from './runs-api';

function SuggestionItem({
  suggestion,
  picked,
  onPick,
}: {
  suggestion: DispatchSuggestion;
  picked: boolean;
  onPick(suggestion: DispatchSuggestion): void;
}) {
  const { t } = useTranslation();
  return (
    <li
      data-testid="dispatch-suggestion"
      className={`flex flex-col gap-2 rounded-lg border p-3 sm:flex-row sm:items-start sm:justify-between ${
        picked ? 'border-brand-700 bg-brand-50' : 'border-slate-200'
      }`}
    >
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-slate-900">
          {t('runs.suggest.line', {
            truckNumber: suggestion.truckNumber,
            driver: suggestion.driverName,
          })}
        </p>
        {suggestion.runId && <p className="text-brand-800">{t('runs.suggest.onRun')}</p>}
        <ul className="mt-1 list-disc ps-5 text-slate-600">
          {suggestion.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        onClick={() => onPick(suggestion)}
        aria-pressed={picked}
        className={`${buttonClassName(picked ? 'primary' : 'secondary')} shrink-0`}
      >
        {picked && <Check aria-hidden="true" className="size-4" />}
        {picked
          ? t('runs.suggest.picked')
          : t('runs.suggest.pick', { truckNumber: suggestion.truckNumber })}
      </button>
    </li>
  );
}

/**
 * "Suggested" (issue 27, item 3): the best three truck-driver combinations for a pending order,
 * each with the server's reasons in the screen's language; one click picks the pair.
 */
export function DispatchSuggestions({
  orderId,
  pickedTruckId,
  onPick,
}: {
  orderId: string;
  pickedTruckId: string | null;
  onPick(suggestion: DispatchSuggestion): void;
}) {
  const { t } = useTranslation();
  const { locale } = useFormatters();
  const suggestions = useDispatchSuggestions(orderId, locale);
  let body;
  if (suggestions.isPending) {
    body = <LoadingState label={t('runs.suggest.loading')} />;
  } else if (suggestions.isError) {
    body = (
      <ErrorState message={t('runs.suggest.failed')} onRetry={() => void suggestions.refetch()} />
    );
  } else if (suggestions.data.length === 0) {
    body = <EmptyState message={t('runs.suggest.none')} />;
  } else {
    body = (
      <ol className="flex flex-col gap-2">
        {suggestions.data.map((suggestion) => (
          <SuggestionItem
            key={suggestion.truckId}
            suggestion={suggestion}
            picked={suggestion.truckId === pickedTruckId}
            onPick={onPick}
          />
        ))}
      </ol>
    );
  }
  return (
    <section aria-labelledby={`suggested-${orderId}`} className="flex flex-col gap-2">
      <h3
        id={`suggested-${orderId}`}
        className="flex items-center gap-2 text-sm font-semibold text-slate-900"
      >
        <Sparkles aria-hidden="true" className="size-4 text-brand-700" />
        {t('runs.suggest.title')}
      </h3>
      <p className="text-sm text-slate-600">{t('runs.suggest.lead')}</p>
      {body}
    </section>
  );
}
