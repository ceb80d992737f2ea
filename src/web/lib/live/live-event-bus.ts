/**
 * Events of the open streams other than the one a stream was opened for (`event: position`
 * beside `event: order`), handed to whichever components listen. Every stream publishes here,
 * so a map hears its truck whether it sits under a signed-in area's stream or the public
 * tracking stream, without opening one of its own.
 */
type Listener = (data: string) => void;

const listeners = new Map<string, Set<Listener>>();

export function publishLiveEvent(name: string, data: string): void {
  for (const listener of listeners.get(name) ?? []) listener(data);
}

/** Answers the function that stops listening. */
export function subscribeToLiveEvents(name: string, listener: Listener): () => void {
  let named = listeners.get(name);
  if (!named) {
    named = new Set();
    listeners.set(name, named);
  }
  named.add(listener);
  return () => {
    named.delete(listener);
  };
}
