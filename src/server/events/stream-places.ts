/**
 * Places for open event streams, counted per key (an account, a client address) in this process
 * (docs/decisions/0018-lists-streams-cash-positions.md, "Live streams"): a stream holds a socket,
 * its buffer and a place in this process's hub for as long as it stays open, so the place it
 * takes is this process's to give.
 */
export interface StreamPlaces {
  /** A place for one more stream of `key`, and the function that frees it; none when full. */
  take(key: string): (() => void) | undefined;
}

export function createStreamPlaces(maxPerKey: number): StreamPlaces {
  const openByKey = new Map<string, number>();
  return {
    take(key) {
      const open = openByKey.get(key) ?? 0;
      if (open >= maxPerKey) return undefined;
      openByKey.set(key, open + 1);
      let freed = false;
      return () => {
        if (freed) return;
        freed = true;
        const left = (openByKey.get(key) ?? 1) - 1;
        if (left > 0) openByKey.set(key, left);
        else openByKey.delete(key);
      };
    },
  };
}
