/**
 * The Idempotency-Key contract between the driver's phone and the server
 * (docs/decisions/0009-drivers.md, "Offline tolerance"): a step resent with the key of its first
 * try gets the first answer back and is applied once. The new-order wizard places orders the
 * same way (docs/architecture.md, "Drivers").
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** On an answer that repeats a stored one rather than running the step again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** Printable ASCII, as HTTP header values allow, 1 to 100 characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,100}$/;
