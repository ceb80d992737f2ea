import type { RunStatus } from '#shared/runs';
import {
  navigationUrlTo,
  type DriverRun,
  type DriverRunStop,
} from '#shared/schemas/driver-run-schemas';
import { runEtas, type RecordedPoint } from '../runs/run-etas';
import { toStopPlace } from '../runs/run-view';
import type { DriverRunStopRow } from './driver-run-queries';

export interface DriverRunHeader {
  id: string;
  runDate: string;
  status: RunStatus;
  truckNumber: string;
}

/**
 * The run as the driver's phone shows it (docs/decisions/0024-runs-and-planning.md, "The driver's
 * run"): the stops in order, each still to do with its ETA from now, the next one, the progress.
 */
export function toDriverRun(
  run: DriverRunHeader,
  rows: readonly DriverRunStopRow[],
  position: RecordedPoint | null,
  now: Date,
): DriverRun {
  const etas = runEtas(rows, position, now);
  const stops = rows.map(({ stop, order }, index): DriverRunStop => {
    const place = toStopPlace(stop, order, index);
    return {
      ...place,
      etaAt: etas.etaAt[index]?.toISOString() ?? null,
      navigationUrl: navigationUrlTo(place),
    };
  });
  const next = stops.find((stop) => stop.outcome === null);
  return {
    id: run.id,
    runDate: run.runDate,
    status: run.status,
    truckNumber: run.truckNumber,
    stops,
    nextStopPosition: next?.position ?? null,
    progress: {
      done: stops.filter((stop) => stop.outcome !== null).length,
      total: stops.length,
    },
    etaFrom: etas.from,
  };
}
