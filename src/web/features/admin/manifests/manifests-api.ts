import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiRequest, saveApiFile, toQueryString } from '../../../lib/api-client';
import type { ListPage, ListParams, ListQueryOptions } from '../../../ui/list-screen';
import type {
  CreateDispatchManifest,
  Manifest,
  ManifestCreated,
  ManifestDriver,
  ManifestParcelCandidate,
} from '#shared/schemas/manifest-schemas';
import { ADMIN_PAGE_SIZE, adminQueryKeys } from '../api/admin-api';

const manifestsKey = [...adminQueryKeys.all, 'manifests'] as const;

/** A page of hand-over sheets, newest first. */
export function adminManifestListQuery(params: ListParams): ListQueryOptions<Manifest> {
  return {
    queryKey: [...manifestsKey, 'list', params.page],
    queryFn: async ({ signal }): Promise<ListPage<Manifest>> => {
      const query = toQueryString({ page: params.page, pageSize: ADMIN_PAGE_SIZE });
      const { body, total, capped } = await apiPage<Manifest[]>(`/admin/manifests${query}`, {
        signal,
      });
      return { rows: body, total, capped };
    },
    staleTime: 0,
  };
}

export const downloadAdminManifestsCsv = () =>
  saveApiFile('/admin/manifests/export.csv', 'manifests.csv');

export const downloadAdminManifestPdf = (manifest: Pick<Manifest, 'id' | 'number'>) =>
  saveApiFile(
    `/admin/manifests/${encodeURIComponent(manifest.id)}/pdf`,
    `bordereau-${manifest.number}.pdf`,
  );

/** Active drivers with their truck and the parcels they carry now: the sheet's driver select. */
export function useManifestDrivers() {
  return useQuery({
    queryKey: [...manifestsKey, 'drivers'],
    queryFn: ({ signal }) => apiRequest<ManifestDriver[]>('/admin/manifests/drivers', { signal }),
    staleTime: 0,
  });
}

/** Parcels on the road: the driver's, or the ones named (to find whose they are). */
export function useDispatchParcels(filter: { driverId?: string; orderIds?: readonly string[] }) {
  const query = toQueryString({
    driverId: filter.driverId,
    orderIds: filter.orderIds?.join(','),
  });
  return useQuery({
    queryKey: [...manifestsKey, 'parcels', query],
    queryFn: ({ signal }) =>
      apiRequest<ManifestParcelCandidate[]>(`/admin/manifests/parcels${query}`, { signal }),
    enabled: query !== '',
    staleTime: 0,
  });
}

/** Makes a dispatch sheet; the lists (and the audit trail) refresh. */
export function useCreateDispatchManifest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDispatchManifest) =>
      apiRequest<ManifestCreated>('/admin/manifests', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}
