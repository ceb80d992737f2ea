import { useEffect, useEffectEvent, useState } from 'react';
import { openEventStream, type StreamState } from './event-stream';
import { publishLiveEvent } from './live-event-bus';

interface UseEventStreamOptions {
  /** Under /api. */
  path: string;
  eventName: string;
  /**
   * For a stream that needs the session: its token. A new session opens a new stream and none
   * keeps it closed. Left out for a public stream, which sends no token.
   */
  sessionToken?: string | null;
  /** Open only while true. */
  enabled?: boolean;
  onEvent(data: string): void;
  /** Open again after being down: events may have been missed. */
  onReopen?(): void;
}

/**
 * Keeps an event stream open while the component is mounted and says how it is doing. The
 * stream is not a query: it has no answer to cache, only events that tell queries to refresh.
 * Its other events (trucks' positions) go to the live event bus for the maps.
 */
export function useEventStream({
  path,
  eventName,
  sessionToken,
  enabled = true,
  onEvent,
  onReopen,
}: UseEventStreamOptions): StreamState {
  const authenticated = sessionToken !== undefined;
  const open = enabled && sessionToken !== null;
  // A state reported by an earlier stream (another path or session) says nothing of this one.
  const streamKey = `${path}\n${sessionToken ?? ''}`;
  const [reported, setReported] = useState<{ streamKey: string; state: StreamState }>({
    streamKey,
    state: 'connecting',
  });
  const handleEvent = useEffectEvent(onEvent);
  const handleReopen = useEffectEvent(() => onReopen?.());

  useEffect(() => {
    if (!open) return undefined;
    return openEventStream({
      path,
      authenticated,
      eventName,
      onEvent: handleEvent,
      onOtherEvent: publishLiveEvent,
      onReopen: handleReopen,
      onStateChange: (state) => setReported({ streamKey, state }),
    });
  }, [open, path, authenticated, eventName, streamKey]);

  return reported.streamKey === streamKey ? reported.state : 'connecting';
}
