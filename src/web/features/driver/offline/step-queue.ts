/**
 * The driver's steps that wait for the network (docs/decisions/0009-drivers.md, "Offline
 * tolerance"). Each step gets its Idempotency-Key when the driver taps it; a step that could not
 * reach the server is kept, in order, and sent again later with that same key, so the server
 * applies it once however many times it arrives. Pure functions: the hook around them owns the
 * timers, the storage and the network.
 */

import { DRIVER_STEPS, type DriverOrder, type DriverStep } from '#shared/schemas/driver-schemas';

export type StepKind = DriverStep;

export interface StepAction {
  /** The Idempotency-Key: one per tap, kept for every resend. */
  key: string;
  orderId: string;
  trackingNumber: string;
  step: StepKind;
  /** The JSON body the step route takes (deliver, attempt-failed). */
  body?: Record<string, unknown>;
  /** ISO time of the tap. */
  createdAt: string;
}

/** What became of one try at sending a step. */
export type SendOutcome =
  /** The server answered 2xx: applied (or applied before, for a replay). */
  | { kind: 'done' }
  /** The server refused it (4xx): dropped, and the driver is told why. */
  | { kind: 'refused'; message: string }
  /** No answer (network), a failure on our side (5xx), or the first try still running. */
  | { kind: 'retry-later' };

/** The failure a send threw, as much as the queue needs to know of it. */
export interface SendFailure {
  /** The HTTP status, or undefined when no answer came (fetch threw). */
  status?: number;
  /** The refusal's code, when the server sent one. */
  code?: string;
  message: string;
}

/** Sorts a failed send into refused (drop it) or retry-later (keep it). */
export function classifyFailure(failure: SendFailure): SendOutcome {
  const { status, code, message } = failure;
  if (status === undefined || status >= 500 || status === 408 || status === 429) {
    return { kind: 'retry-later' };
  }
  if (status === 409 && code === 'idempotency.in_progress') return { kind: 'retry-later' };
  return { kind: 'refused', message };
}

export interface ReplayResult {
  /** What is still waiting, in order: the first step that must be retried and all after it. */
  remaining: StepAction[];
  done: StepAction[];
  refused: Array<{ action: StepAction; message: string }>;
}

/**
 * Sends the waiting steps one after the other, in the order they were tapped (a delivery must
 * not overtake its pickup). The first one that must be retried stops the round and keeps its
 * place; `onSettled` hears of each step that leaves the queue, so the stored queue loses it at
 * once (and keeps any step tapped meanwhile).
 */
export async function replaySteps(
  actions: readonly StepAction[],
  send: (action: StepAction) => Promise<SendOutcome>,
  onSettled: (action: StepAction) => void = () => {},
): Promise<ReplayResult> {
  const result: ReplayResult = { remaining: [...actions], done: [], refused: [] };
  while (result.remaining.length > 0) {
    const action = result.remaining[0]!;
    const outcome = await send(action);
    if (outcome.kind === 'retry-later') break;
    result.remaining.shift();
    if (outcome.kind === 'done') result.done.push(action);
    else result.refused.push({ action, message: outcome.message });
    onSettled(action);
  }
  return result;
}

/** The first wait after a round that could not finish; each further one doubles it. */
export const FIRST_REPLAY_DELAY_MS = 2_000;
/** A long outage still tries every minute. */
export const MAX_REPLAY_DELAY_MS = 60_000;

/** How long to wait before the next round after `failedRounds` unfinished ones in a row. */
export function replayDelayMs(failedRounds: number): number {
  return Math.min(MAX_REPLAY_DELAY_MS, FIRST_REPLAY_DELAY_MS * 2 ** Math.max(0, failedRounds - 1));
}

/**
 * The steps the driver has taken on an order that the server has not confirmed yet: the card
 * shows the order as the driver left it, not as the last answer had it.
 */
export function pendingStepsOf(actions: readonly StepAction[], orderId: string): StepKind[] {
  return actions.filter((action) => action.orderId === orderId).map((action) => action.step);
}

/** What the driver does next on an order, once the steps waiting for the network count. */
export function nextStepAfterPending(
  nextStep: DriverOrder['nextStep'],
  pending: readonly StepKind[],
): DriverOrder['nextStep'] {
  if (pending.includes('deliver') || pending.includes('return-delivered')) return null;
  if (nextStep === 'pickup' && pending.includes('pickup')) return 'deliver';
  return nextStep;
}

function isStepAction(value: unknown): value is StepAction {
  if (typeof value !== 'object' || value === null) return false;
  const action = value as Partial<StepAction>;
  return (
    typeof action.key === 'string' &&
    typeof action.orderId === 'string' &&
    typeof action.trackingNumber === 'string' &&
    typeof action.createdAt === 'string' &&
    (DRIVER_STEPS as readonly unknown[]).includes(action.step) &&
    (action.body === undefined || (typeof action.body === 'object' && action.body !== null))
  );
}

/** The queue as stored (JSON text); anything unreadable is left out rather than crash the page. */
export function parseStoredSteps(text: string | null): StepAction[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isStepAction) : [];
  } catch {
    return [];
  }
}

/** The queue without one step: what is stored once that step has left it. */
export function withoutStep(actions: readonly StepAction[], key: string): StepAction[] {
  return actions.filter((action) => action.key !== key);
}
