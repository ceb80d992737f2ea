import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ImportConfirmation,
  ImportDetail,
  ImportSummary,
} from '#shared/schemas/import-schemas';
import { apiRequest, saveApiFile } from '../../../lib/api-client';
import { dashboardQueryKeys } from '../api/dashboard-queries';

/** The import screen's calls (docs/decisions/0021-shippers-api.md, "Imports"). */
const importKey = (id: string) => [...dashboardQueryKeys.all, 'import', id] as const;
const importPath = (id: string) => `/dashboard/imports/${encodeURIComponent(id)}`;

export function useImport(id: string | undefined) {
  return useQuery({
    enabled: id !== undefined,
    queryKey: importKey(id ?? ''),
    queryFn: ({ signal }) => apiRequest<ImportDetail>(importPath(id!), { signal }),
    staleTime: 0,
  });
}

export function useUploadImport() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiRequest<ImportSummary>('/dashboard/imports', { method: 'POST', body: form });
    },
  });
}

/** A fix or a drop answers the whole import, checked again: the screen shows it at once. */
function useRowChange<Input>(id: string, send: (input: Input) => Promise<ImportDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (detail) => queryClient.setQueryData(importKey(id), detail),
  });
}

export const useFixRow = (id: string) =>
  useRowChange(id, ({ row, values }: { row: number; values: Record<string, string> }) =>
    apiRequest<ImportDetail>(`${importPath(id)}/rows/${row}`, {
      method: 'PATCH',
      body: { values },
    }),
  );

export const useDropRow = (id: string) =>
  useRowChange(id, (row: number) =>
    apiRequest<ImportDetail>(`${importPath(id)}/rows/${row}`, { method: 'DELETE' }),
  );

export function useConfirmImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<ImportConfirmation>(`${importPath(id)}/confirm`, { method: 'POST' }),
    // The orders lists now hold the new orders.
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKeys.all }),
  });
}

export const saveTemplate = (format: 'csv' | 'xlsx') =>
  saveApiFile(`/dashboard/imports/template.${format}`, `atlas-import-template.${format}`);

export const saveTrackingNumbers = (id: string) =>
  saveApiFile(`${importPath(id)}/tracking-numbers.csv`, 'tracking-numbers.csv');
