import { useCallback, useState } from 'react';

const storageKey = 'dashboardSidebarCollapsed';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(storageKey) === 'true';
  } catch {
    return false;
  }
}

/** The desktop sidebar's collapsed state, remembered on this device across visits. */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(readCollapsed);
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
  }, []);
  return [collapsed, toggle];
}
