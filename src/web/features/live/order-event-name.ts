import type { ORDER_EVENT_NAME } from '../../../shared/schemas/order-event-schemas';

/**
 * The shared constant's value, held to it by the compiler. Importing the value itself would
 * bring zod (about 27 KB gzipped), which that module builds its schemas with, to the track page
 * and to the first screen of each signed-in area, for one word.
 */
export const ORDER_EVENT: typeof ORDER_EVENT_NAME = 'order';
