import { useCallback, useEffect, useRef, useState } from 'react';
import type { DriverStepResult } from '#shared/schemas/driver-schemas';
import { ApiError } from '../../../lib/api-client';
import { sendStep } from '../orders/driver-orders-api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import {
  classifyFailure,
  replayDelayMs,
  replaySteps,
  withoutStep,
  type SendOutcome,
  type StepAction,
  type StepKind,
} from './step-queue';
import { readStoredSteps, writeStoredSteps } from './stored-steps';

/** A step the server refused when it was replayed: the driver is told, then it is gone. */
export interface StepRefusal {
  action: StepAction;
  message: string;
}

export type StepDraft = Pick<StepAction, 'orderId' | 'trackingNumber' | 'step' | 'body'>;

export interface StepQueue {
  /** The steps waiting for the network, in the order they were tapped. */
  pending: StepAction[];
  refusals: StepRefusal[];
  dismissRefusal(key: string): void;
  /**
   * Sends a step now, or queues it when there is no network (or earlier steps still wait).
   * A refusal from the server (ApiError) is thrown for the dialog to show.
   */
  submit(draft: StepDraft): Promise<'sent' | 'queued'>;
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

async function trySend(action: StepAction): Promise<SendOutcome> {
  if (isOffline()) return { kind: 'retry-later' };
  try {
    await sendStep(action);
    return { kind: 'done' };
  } catch (error) {
    return classifyFailure(
      error instanceof ApiError
        ? { status: error.status, code: error.code, message: error.message }
        : { message: String(error) },
    );
  }
}

/**
 * docs/decisions/0009-drivers.md, "Offline tolerance": the driver's steps with their
 * Idempotency-Keys, sent at once when the network allows, otherwise kept and replayed in order
 * when the browser says it is online again and on a timer that backs off.
 * `onApplied` runs after any step the server applied or refused (the list is read again).
 */
export function useStepQueue(
  userId: string,
  onApplied: (result?: DriverStepResult, step?: StepKind) => void,
): StepQueue {
  const [pending, setPending] = useState<StepAction[]>(() => readStoredSteps(userId));
  const [refusals, setRefusals] = useState<StepRefusal[]>([]);
  const replaying = useRef(false);
  const unfinishedRounds = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onAppliedRef = useRef(onApplied);
  useEffect(() => {
    onAppliedRef.current = onApplied;
  }, [onApplied]);

  const store = useCallback(
    (actions: StepAction[]) => {
      writeStoredSteps(userId, actions);
      setPending(actions);
    },
    [userId],
  );

  const replayRef = useRef<() => Promise<void>>(async () => {});
  const schedule = useCallback((delayMs: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void replayRef.current(), delayMs);
  }, []);

  const replay = useCallback(async () => {
    if (replaying.current) return;
    clearTimeout(timer.current);
    replaying.current = true;
    try {
      // Rounds until the queue is empty (a step tapped during a round waits for the next one)
      // or a step must be retried later.
      for (let queue = readStoredSteps(userId); queue.length > 0; queue = readStoredSteps(userId)) {
        const result = await replaySteps(queue, trySend, (settled) =>
          store(withoutStep(readStoredSteps(userId), settled.key)),
        );
        if (result.refused.length > 0) setRefusals((shown) => [...shown, ...result.refused]);
        if (result.done.length > 0 || result.refused.length > 0) onAppliedRef.current();
        if (result.remaining.length > 0) {
          unfinishedRounds.current += 1;
          schedule(replayDelayMs(unfinishedRounds.current));
          return;
        }
        unfinishedRounds.current = 0;
      }
    } finally {
      replaying.current = false;
    }
  }, [userId, store, schedule]);
  useEffect(() => {
    replayRef.current = replay;
  }, [replay]);

  useEffect(() => {
    const onOnline = () => {
      unfinishedRounds.current = 0;
      void replay();
    };
    window.addEventListener('online', onOnline);
    // Steps left from before a reload go out as soon as the page is back.
    void replay();
    return () => {
      window.removeEventListener('online', onOnline);
      clearTimeout(timer.current);
    };
  }, [replay]);

  const submit = useCallback(
    async (draft: StepDraft): Promise<'sent' | 'queued'> => {
      const action: StepAction = {
        ...draft,
        key: newIdempotencyKey(),
        createdAt: new Date().toISOString(),
      };
      const queue = readStoredSteps(userId);
      // A step never overtakes the ones before it, and no request leaves a phone that is offline.
      if (queue.length > 0 || isOffline()) {
        store([...queue, action]);
        if (!isOffline()) void replay();
        else schedule(replayDelayMs(1));
        return 'queued';
      }
      try {
        const result = await sendStep(action);
        onAppliedRef.current(result, action.step);
        return 'sent';
      } catch (error) {
        if (error instanceof ApiError) throw error;
        // No answer: the step may or may not have reached us; its key makes a resend safe.
        store([...readStoredSteps(userId), action]);
        schedule(replayDelayMs(1));
        return 'queued';
      }
    },
    [userId, store, replay, schedule],
  );

  const dismissRefusal = useCallback((key: string) => {
    setRefusals((shown) => shown.filter((refusal) => refusal.action.key !== key));
  }, []);

  return { pending, refusals, dismissRefusal, submit };
}
