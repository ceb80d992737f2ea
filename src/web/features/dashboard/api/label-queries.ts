import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_LABEL_FORMAT, type LabelFormat } from '#shared/labels';
import { orgRoleMay } from '#shared/organization-roles';
import type { LabelSettings } from '#shared/schemas/label-schemas';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-context';
import { dashboardQueryKeys } from './dashboard-queries';

const labelSettingsKey = [...dashboardQueryKeys.all, 'label-settings'] as const;

/**
 * What the print buttons need: whether the member's role prints (owner and staff), the format
 * the organization printed last (the server remembers each print's), and a way to say a print
 * happened, so the next screen offers that format.
 */
export function useLabelPrinting(): {
  mayPrint: boolean;
  format: LabelFormat;
  printed(): void;
} {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const mayPrint = orgRoleMay(user?.organization?.role, 'print');
  const settings = useQuery({
    queryKey: labelSettingsKey,
    queryFn: ({ signal }) => apiRequest<LabelSettings>('/org/label-settings', { signal }),
    enabled: mayPrint,
  });
  return {
    mayPrint,
    format: settings.data?.labelFormat ?? DEFAULT_LABEL_FORMAT,
    printed: () => void queryClient.invalidateQueries({ queryKey: labelSettingsKey }),
  };
}
