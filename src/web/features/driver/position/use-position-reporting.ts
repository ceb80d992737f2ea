import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { POSITION_INTERVAL_MS, toPositionReport } from './position-report';

export interface PositionReporting {
  /** The driver refused the location permission: the page says so, the steps still work. */
  denied: boolean;
  /** Sends the position now (after a step), if the driver has an order on the road. */
  reportNow(): void;
}

/**
 * docs/decisions/0009-drivers.md, "Positions, ETA and maps": while `onTheRoad`, the browser's position goes to
 * POST /api/driver/position every 30 s and after each step. A position that fails to send is
 * not retried: the next one, 30 s later, is newer anyway.
 */
export function usePositionReporting(onTheRoad: boolean): PositionReporting {
  const [denied, setDenied] = useState(false);
  const active = useRef(onTheRoad);

  const reportNow = useCallback(() => {
    if (!active.current || typeof navigator === 'undefined' || !navigator.geolocation) return;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setDenied(false);
        const report = toPositionReport(position.coords);
        if (!report || !navigator.onLine) return;
        apiRequest('/driver/position', { method: 'POST', body: report }).catch(() => undefined);
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) setDenied(true);
      },
      { enableHighAccuracy: true, maximumAge: 15_000, timeout: 20_000 },
    );
  }, []);

  useEffect(() => {
    active.current = onTheRoad;
    if (!onTheRoad) return;
    reportNow();
    const interval = setInterval(reportNow, POSITION_INTERVAL_MS);
    return () => clearInterval(interval);
  }, [onTheRoad, reportNow]);

  return { denied, reportNow };
}
