import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toSessionUser } from '../session-storage';
import { fetchProfile } from './session-api';
import { profileQueryKey, useSession } from './session-context';

/**
 * The stored session, checked once with the server before a guarded screen shows. A refused
 * token (401) is handled by the API client: session cleared, browser sent to /login. When the
 * server cannot be reached the stored user is trusted; the screens report their own errors.
 */
export function useVerifiedSession() {
  const { token, user: storedUser, updateUser } = useSession();
  const profile = useQuery({
    queryKey: profileQueryKey(token),
    queryFn: async ({ signal }) => toSessionUser((await fetchProfile(signal)).user),
    enabled: token !== null && storedUser !== null,
    staleTime: 5 * 60_000,
  });

  useEffect(() => {
    if (profile.data) updateUser(profile.data);
  }, [profile.data, updateUser]);

  if (!token || !storedUser) return { user: null, resolving: false } as const;
  return { user: profile.data ?? storedUser, resolving: profile.isPending } as const;
}
