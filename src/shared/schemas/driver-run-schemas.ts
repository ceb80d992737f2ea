/**
 * The driver's run (docs/decisions/0024-runs-and-planning.md, "The driver's run"):
 *
 *   GET /api/driver/run                                             → DriverRunAnswerSchema
 */
import { z } from 'zod';
import { RUN_STATUSES } from '../runs';
import { RunStopPlaceSchema } from './run-schemas';

export const DriverRunStopSchema = RunStopPlaceSchema.extend({
  /** When the truck should reach the stop, for a stop still to do; else null. */
  etaAt: z.iso.datetime().nullable(),
  /** Turn-by-turn directions to the stop in the phone's maps app. */
  navigationUrl: z.string(),
});
export type DriverRunStop = z.infer<typeof DriverRunStopSchema>;

export const DriverRunSchema = z.object({
  id: z.uuid(),
  runDate: z.iso.date(),
  status: z.enum(RUN_STATUSES),
  truckNumber: z.string(),
  stops: z.array(DriverRunStopSchema),
  /** The first stop still to do; null once none is. */
  nextStopPosition: z.number().int().nullable(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  /** Where the ETAs start from: the driver's latest position, their last stop, or none. */
  etaFrom: z.enum(['position', 'last-stop', 'first-stop']),
});
export type DriverRun = z.infer<typeof DriverRunSchema>;

/** The signed-in driver's run that has not ended; null when they have none. */
export const DriverRunAnswerSchema = z.object({ run: DriverRunSchema.nullable() });
export type DriverRunAnswer = z.infer<typeof DriverRunAnswerSchema>;

/** Turn-by-turn directions to a point in the phone's maps app. */
export function navigationUrlTo({ lat, lng }: { lat: number; lng: number }): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}
