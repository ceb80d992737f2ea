export interface CoalescedRefresh {
  /** An event asks for a refresh. */
  request(): void;
  /** Drops a refresh still waiting for its turn (the screen is gone). */
  cancel(): void;
}

/**
 * Turns a burst of events into few refreshes. One runs at a time and is never cancelled by the
 * next event: under a steady stream of events (every customer's orders, for an admin) cancelling
 * would keep a screen loading for ever. Events that arrive meanwhile ask for one more refresh
 * after it, since its answer may predate them; starts are at least `minIntervalMs` apart; and a
 * refresh that hangs holds the next back for `maxWaitMs` at most.
 */
export function createCoalescedRefresh(
  refresh: () => Promise<unknown>,
  { minIntervalMs, maxWaitMs }: { minIntervalMs: number; maxWaitMs: number },
): CoalescedRefresh {
  let running = false;
  let again = false;
  let waiting: ReturnType<typeof setTimeout> | undefined;
  let lastStart = Number.NEGATIVE_INFINITY;

  const start = () => {
    waiting = undefined;
    running = true;
    lastStart = Date.now();
    let giveUp: ReturnType<typeof setTimeout> | undefined;
    const hung = new Promise<void>((resolve) => {
      giveUp = setTimeout(resolve, maxWaitMs);
    });
    void Promise.race([refresh().catch(() => undefined), hung]).then(() => {
      clearTimeout(giveUp);
      running = false;
      if (again) {
        again = false;
        request();
      }
    });
  };

  function request() {
    if (running) {
      again = true;
      return;
    }
    // A start already waiting for its turn will see this event's effects.
    if (waiting !== undefined) return;
    const wait = lastStart + minIntervalMs - Date.now();
    if (wait <= 0) start();
    else waiting = setTimeout(start, wait);
  }

  return {
    request,
    cancel() {
      clearTimeout(waiting);
      waiting = undefined;
      again = false;
    },
  };
}
