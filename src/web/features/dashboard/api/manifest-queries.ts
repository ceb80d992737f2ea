import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiRequest, saveApiFile, toQueryString } from '../../../lib/api-client';
import type { ListPage, ListParams, ListQueryOptions } from '../../../ui/list-screen';
import type {
  CreateCollectionManifest,
  Manifest,
  ManifestCreated,
  ManifestParcelCandidate,
} from '#shared/schemas/manifest-schemas';
import { DASHBOARD_PAGE_SIZE, dashboardQueryKeys } from './dashboard-queries';

const manifestsKey = [...dashboardQueryKeys.all, 'manifests'] as const;

/** A page of the organization's collection sheets, newest first. */
export function manifestListQuery(params: ListParams): ListQueryOptions<Manifest> {
  return {
    queryKey: [...manifestsKey, 'list', params.page],
    queryFn: async ({ signal }): Promise<ListPage<Manifest>> => {
      const query = toQueryString({ page: params.page, pageSize: DASHBOARD_PAGE_SIZE });
      const { body, total, capped } = await apiPage<{ manifests: Manifest[] }>(
        `/dashboard/manifests${query}`,
        { signal },
      );
      return { rows: body.manifests, total, capped };
    },
    staleTime: 0,
  };
}

export const downloadManifestPdf = (manifest: Pick<Manifest, 'id' | 'number'>) =>
  saveApiFile(
    `/dashboard/manifests/${encodeURIComponent(manifest.id)}/pdf`,
    `bordereau-${manifest.number}.pdf`,
  );

/** The organization's parcels a driver has yet to collect. */
export function useCollectionParcels(enabled: boolean) {
  return useQuery({
    queryKey: [...manifestsKey, 'parcels'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ parcels: ManifestParcelCandidate[] }>('/dashboard/manifests/parcels', {
          signal,
        })
      ).parcels,
    enabled,
    staleTime: 0,
  });
}

export function useCreateCollectionManifest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCollectionManifest) =>
      apiRequest<ManifestCreated>('/dashboard/manifests', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: manifestsKey }),
  });
}
