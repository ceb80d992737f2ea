import { parseStoredSteps, type StepAction } from './step-queue';

/**
 * The waiting steps live in localStorage, so a reload or a phone that kills the tab keeps them.
 * One queue per driver account: another driver signing in on the same phone never sends them.
 */
const storageKeyOf = (userId: string) => `driver.pendingSteps.${userId}`;

export function readStoredSteps(userId: string): StepAction[] {
  try {
    return parseStoredSteps(window.localStorage.getItem(storageKeyOf(userId)));
  } catch {
    return [];
  }
}

export function writeStoredSteps(userId: string, actions: readonly StepAction[]): void {
  try {
    if (actions.length === 0) window.localStorage.removeItem(storageKeyOf(userId));
    else window.localStorage.setItem(storageKeyOf(userId), JSON.stringify(actions));
  } catch {
    // Storage full or blocked: the queue still lives in the page until it is sent.
  }
}
