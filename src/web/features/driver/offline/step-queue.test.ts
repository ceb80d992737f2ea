import { describe, expect, it } from 'vitest';
import {
  classifyFailure,
  FIRST_REPLAY_DELAY_MS,
  MAX_REPLAY_DELAY_MS,
  nextStepAfterPending,
  parseStoredSteps,
  pendingStepsOf,
  replayDelayMs,
  replaySteps,
  type SendOutcome,
  type StepAction,
  withoutStep,
} from './step-queue';

const action = (key: string, step: StepAction['step'], orderId = 'order-1'): StepAction => ({
  key,
  orderId,
  trackingNumber: `AF-${orderId}`,
  step,
  createdAt: '2026-03-01T10:00:00.000Z',
});

/** A send that answers from a script and records the keys it was given, in order. */
function scriptedSend(outcomes: SendOutcome[]) {
  const sentKeys: string[] = [];
  const send = async (sent: StepAction) => {
    sentKeys.push(sent.key);
    const outcome = outcomes.shift();
    if (!outcome) throw new Error('sent more than the script expected');
    return outcome;
  };
  return { send, sentKeys };
}

describe('replaySteps', () => {
  it('sends every step in the order it was tapped, with its own key, and empties the queue', async () => {
    const queue = [action('k1', 'pickup'), action('k2', 'deliver')];
    const { send, sentKeys } = scriptedSend([{ kind: 'done' }, { kind: 'done' }]);
    // The stored queue, which gains a step tapped while the round runs.
    let stored = [...queue];
    const tappedMeanwhile = action('k9', 'pickup', 'o9');
    const result = await replaySteps(queue, send, (settled) => {
      stored = withoutStep(stored, settled.key);
      if (settled.key === 'k1') stored.push(tappedMeanwhile);
    });
    expect(sentKeys).toEqual(['k1', 'k2']);
    expect(result.remaining).toEqual([]);
    expect(result.done.map((a) => a.key)).toEqual(['k1', 'k2']);
    // Each step left the stored queue as it settled; the one tapped meanwhile is kept.
    expect(stored).toEqual([tappedMeanwhile]);
  });

  it('stops at the first step to retry and keeps it and the ones after it, in order', async () => {
    const queue = [action('k1', 'pickup'), action('k2', 'deliver'), action('k3', 'pickup', 'o2')];
    const { send, sentKeys } = scriptedSend([{ kind: 'done' }, { kind: 'retry-later' }]);
    const result = await replaySteps(queue, send);
    expect(sentKeys).toEqual(['k1', 'k2']);
    expect(result.remaining.map((a) => a.key)).toEqual(['k2', 'k3']);
  });

  it('drops a refused step with the server’s message and goes on with the next', async () => {
    const queue = [action('k1', 'deliver'), action('k2', 'pickup', 'o2')];
    const { send } = scriptedSend([
      { kind: 'refused', message: 'The delivery code is not correct.' },
      { kind: 'done' },
    ]);
    const result = await replaySteps(queue, send);
    expect(result.refused).toEqual([
      { action: queue[0], message: 'The delivery code is not correct.' },
    ]);
    expect(result.done.map((a) => a.key)).toEqual(['k2']);
    expect(result.remaining).toEqual([]);
  });

  it('does nothing with an empty queue', async () => {
    const { send, sentKeys } = scriptedSend([]);
    expect(await replaySteps([], send)).toEqual({ remaining: [], done: [], refused: [] });
    expect(sentKeys).toEqual([]);
  });
});

describe('classifyFailure', () => {
  it('retries what got no answer, a failure on the server and a first try still running', () => {
    expect(classifyFailure({ message: 'Failed to fetch' })).toEqual({ kind: 'retry-later' });
    expect(classifyFailure({ status: 500, message: 'x' })).toEqual({ kind: 'retry-later' });
    expect(classifyFailure({ status: 503, message: 'x' })).toEqual({ kind: 'retry-later' });
    expect(classifyFailure({ status: 429, message: 'x' })).toEqual({ kind: 'retry-later' });
    const inProgress = { status: 409, code: 'idempotency.in_progress', message: 'x' };
    expect(classifyFailure(inProgress)).toEqual({
      kind: 'retry-later',
    });
  });

  it('drops a refusal and keeps its message', () => {
    expect(classifyFailure({ status: 409, message: 'This order is already picked up' })).toEqual({
      kind: 'refused',
      message: 'This order is already picked up',
    });
    expect(classifyFailure({ status: 423, message: 'Locked' })).toEqual({
      kind: 'refused',
      message: 'Locked',
    });
    expect(classifyFailure({ status: 404, message: 'Not found' }).kind).toBe('refused');
  });
});

describe('replayDelayMs', () => {
  it('doubles from the first delay and stops at the longest', () => {
    expect(replayDelayMs(1)).toBe(FIRST_REPLAY_DELAY_MS);
    expect(replayDelayMs(2)).toBe(FIRST_REPLAY_DELAY_MS * 2);
    expect(replayDelayMs(3)).toBe(FIRST_REPLAY_DELAY_MS * 4);
    expect(replayDelayMs(50)).toBe(MAX_REPLAY_DELAY_MS);
  });
});

describe('the card’s next step while steps wait', () => {
  it('moves a pickup waiting for the network on to Deliver, and a waiting delivery to nothing', () => {
    const queue = [
      action('k1', 'pickup'),
      action('k2', 'pickup', 'o2'),
      action('k3', 'deliver', 'o2'),
    ];
    expect(pendingStepsOf(queue, 'order-1')).toEqual(['pickup']);
    expect(nextStepAfterPending('pickup', pendingStepsOf(queue, 'order-1'))).toBe('deliver');
    expect(nextStepAfterPending('pickup', pendingStepsOf(queue, 'o2'))).toBeNull();
    expect(nextStepAfterPending('deliver', ['attempt-failed'])).toBe('deliver');
    expect(nextStepAfterPending('deliver', [])).toBe('deliver');
  });

  it('has nothing next on a returning parcel once its return waits to be sent', () => {
    expect(nextStepAfterPending('return', [])).toBe('return');
    expect(nextStepAfterPending('return', ['return-delivered'])).toBeNull();
  });
});

describe('parseStoredSteps', () => {
  it('reads back what was stored and leaves out what is not a step', () => {
    const stored = [
      action('k1', 'pickup'),
      { ...action('k2', 'deliver'), body: { code: '123456' } },
    ];
    expect(parseStoredSteps(JSON.stringify(stored))).toEqual(stored);
    const returned = [{ ...action('k4', 'return-delivered'), body: { code: '654321' } }];
    expect(parseStoredSteps(JSON.stringify(returned))).toEqual(returned);
    expect(
      parseStoredSteps(JSON.stringify([{ key: 'x' }, { ...action('k3', 'pickup'), step: 'fly' }])),
    ).toEqual([]);
    expect(parseStoredSteps('{not json')).toEqual([]);
    expect(parseStoredSteps(null)).toEqual([]);
    expect(parseStoredSteps('{"a":1}')).toEqual([]);
  });
});
