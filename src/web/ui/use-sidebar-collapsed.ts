import { useCallback, useState } from 'react';

function readCollapsed(storageKey: string): boolean {
  try {
    return window.localStorage.getItem(storageKey) === 'true';
  } catch {
    return false;
  }
}

/**
 * A desktop sidebar's collapsed state, remembered on this device across visits under
 * `storageKey` (one key per area, so each area keeps its own choice).
 */
export function useSidebarCollapsed(storageKey: string): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(() => readCollapsed(storageKey));
  const toggle = useCallback(() => {
    setCollapsed((current) => {
      const next = !current;
      try {
        window.localStorage.setItem(storageKey, String(next));
      } catch {
        // Storage blocked: the choice lasts until the page is left.
      }
      return next;
    });
  }, [storageKey]);
  return [collapsed, toggle];
}
