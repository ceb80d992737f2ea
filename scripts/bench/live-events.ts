/**
 * `npm run bench:live`: how long a live order event takes to reach LIVE_STREAMS open event
 * streams (docs/architecture.md, "Live updates"). One customer with that many streams open (tabs,
 * phones) places orders one after another; each time, the wait from sending the order until the
 * last stream has its event. The app runs as production runs it (bench-servers.ts), on a scratch
 * PostgreSQL database seeded like `npm run bench`'s.
 *
 *   BENCH_ORDERS   orders seeded first (100000)
 *   BENCH_STREAMS  event streams held open (500)
 */
import { performance } from 'node:perf_hooks';
import { logIn, withSeededApp } from './bench-servers';

const ORDER_COUNT = Number(process.env.BENCH_ORDERS ?? 100_000);
const LIVE_STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const LIVE_EVENTS = 10;
/** Any event later than this counts as lost. */
const EVENT_DEADLINE_MS = 30_000;

/** Opens one event stream and calls `onEvent` for each order event it brings. */
async function openStream(
  url: string,
  token: string,
  onEvent: () => void,
): Promise<AbortController> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        for (
          let at = value.indexOf('event: order');
          at >= 0;
          at = value.indexOf('event: order', at + 1)
        ) {
          onEvent();
        }
      }
    } catch {
      // Aborted at the end of the run.
    }
  })();
  return abort;
}

const ORDER = JSON.stringify({
  pickup_loc: 'Casablanca',
  delivery_loc: 'Rabat',
  weight: 12,
  length: 40,
  width: 30,
  height: 20,
  receiver_name: 'Bench Receiver',
  receiver_phone: '+212612345678',
});

async function measureLiveEvents(baseUrl: string, token: string): Promise<number[]> {
  let received = 0;
  const streams = await Promise.all(
    Array.from({ length: LIVE_STREAMS }, () =>
      openStream(`${baseUrl}/api/events`, token, () => (received += 1)),
    ),
  );
  const timings: number[] = [];
  try {
    for (let event = 0; event < LIVE_EVENTS; event += 1) {
      const expected = received + LIVE_STREAMS;
      const sent = performance.now();
      const response = await fetch(`${baseUrl}/api/dashboard/neworder`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: ORDER,
      });
      if (response.status !== 201) {
        throw new Error(`neworder answered ${response.status}: ${await response.text()}`);
      }
      while (received < expected) {
        if (performance.now() - sent > EVENT_DEADLINE_MS) {
          throw new Error(`${expected - received} streams had no event after 30 s`);
        }
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      timings.push(performance.now() - sent);
    }
  } finally {
    for (const stream of streams) stream.abort();
  }
  return timings.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

await withSeededApp(ORDER_COUNT, [], async (app, seeded) => {
  console.log(`Seeded ${ORDER_COUNT} orders in ${seeded.seconds.toFixed(1)} s`);
  const token = await logIn(app.baseUrl, seeded.heavyCustomerEmail);
  const timings = await measureLiveEvents(app.baseUrl, token);
  console.log(
    `order sent → its event on all ${LIVE_STREAMS} streams: p50 ` +
      `${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms ` +
      `(${LIVE_EVENTS} orders)`,
  );
});
// The password-hashing thread the seeding started would keep the process alive.
process.exit(0);
