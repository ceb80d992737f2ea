import '../../../i18n/runs-strings';
import { useTranslation } from 'react-i18next';
import type { Tone } from '#shared/order-status';
import type { RunStatus } from '#shared/runs';
import { StatusBadge } from '../../../ui/status-badge';

const RUN_STATUS_TONES: Record<RunStatus, Tone> = {
  planned: 'blue',
  started: 'amber',
  ended: 'green',
};

export function RunStatusBadge({ status }: { status: RunStatus }) {
  const { t } = useTranslation();
  return <StatusBadge tone={RUN_STATUS_TONES[status]}>{t(`runs.statuses.${status}`)}</StatusBadge>;
}
