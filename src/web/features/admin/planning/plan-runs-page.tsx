import '../admin-strings';
import './planning-strings';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RunDetail, RunPlan } from '#shared/schemas/run-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { buttonClassName } from '../../../ui/button-styles';
import { Card } from '../../../ui/card';
import { PageHeader } from '../../../ui/page-header';
import { notifySuccess } from '../../../ui/toasts';
import { describeActionError } from '../admin-errors';
import { PlanProposal } from './plan-proposal';
import { PlanSelection } from './plan-selection';
import { usePlanRuns } from './planning-api';

/**
 * /admin/runs/plan (docs/decisions/0024-runs-and-planning.md, "The planning screen"): choose
 * pending orders and trucks, see the planner's proposal, edit it, confirm; nothing is dispatched
 * before Confirm.
 */
export function PlanRunsPage() {
  const { t } = useTranslation();
  const planRuns = usePlanRuns();
  const [plan, setPlan] = useState<RunPlan | null>(null);
  const [confirmed, setConfirmed] = useState<RunDetail[] | null>(null);

  const startAgain = () => {
    setPlan(null);
    setConfirmed(null);
    planRuns.reset();
  };

  return (
    <>
      <PageHeader title={t('planning.title')} lead={t('planning.lead')} />
      {confirmed ? (
        <ConfirmedRuns runs={confirmed} onAnother={startAgain} />
      ) : plan ? (
        <PlanProposal
          key={plan.id}
          plan={plan}
          onStartAgain={startAgain}
          onConfirmed={(runs) => {
            notifySuccess(t('planning.confirmed', { count: runs.length }));
            setConfirmed(runs);
          }}
        />
      ) : (
        <PlanSelection
          busy={planRuns.isPending}
          error={
            planRuns.isError
              ? describeActionError(planRuns.error, t('planning.planFailed'))
              : undefined
          }
          onPlan={(request) => planRuns.mutate(request, { onSuccess: setPlan })}
        />
      )}
    </>
  );
}

function ConfirmedRuns({ runs, onAnother }: { runs: RunDetail[]; onAnother: () => void }) {
  const { t } = useTranslation();
  const { km, duration } = useFormatters();
  return (
    <Card title={t('planning.done.title')}>
      <p className="text-sm text-slate-600">{t('planning.done.lead')}</p>
      <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="confirmed-runs">
        {runs.map((run) => (
          <li key={run.id} className="flex flex-wrap gap-x-4 py-2">
            <span className="font-mono font-semibold text-slate-900">{run.truck.truckNumber}</span>
            <span className="text-slate-700">{run.driver.fullName}</span>
            <span className="text-slate-600 tabular-nums">
              {t('planning.run.summary', {
                stops: run.stops.length,
                distance: km(run.distanceKm),
                duration: duration(run.durationMinutes),
              })}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/admin/runs" className={buttonClassName('primary')}>
          {t('planning.done.open')}
        </Link>
        <button type="button" className={buttonClassName('secondary')} onClick={onAnother}>
          {t('planning.done.another')}
        </button>
      </div>
    </Card>
  );
}
