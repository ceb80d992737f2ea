import { useQuery } from '@tanstack/react-query';
import type { MapSettings } from '#shared/schemas/map-schemas';
import { apiRequest } from '../../lib/api-client';

/**
 * Where the tiles come from (MAP_TILE_URL), asked once per visit. Until it answers, or if it
 * fails, the maps draw their markers without tiles.
 */
export function useMapSettings(): MapSettings | undefined {
  const { data } = useQuery({
    queryKey: ['map-settings'],
    queryFn: ({ signal }) => apiRequest<MapSettings>('/map/settings', { signal }),
    staleTime: Infinity,
    retry: false,
  });
  return data;
}
