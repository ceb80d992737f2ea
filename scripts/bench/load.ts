import autocannon, { type AutocannonRequest } from 'autocannon';

/** One kind of request, sent over and over: each request takes the next of `requests` in turn. */
export interface LoadTarget {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  requests: Array<{ path: string; body?: string }>;
}

export interface LoadSettings {
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  /** Milliseconds (autocannon records whole milliseconds). */
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers other than 2xx, connection errors and time-outs: any makes the run a failure. */
  failures: number;
  statusCounts: Record<string, number>;
}

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** BENCH_CONNECTIONS, BENCH_WARMUP_SECONDS and BENCH_SECONDS tune every run of the bench. */
export const LOAD_SETTINGS: LoadSettings = {
  connections: env('BENCH_CONNECTIONS', 50),
  warmupSeconds: env('BENCH_WARMUP_SECONDS', 2),
  seconds: env('BENCH_SECONDS', 8),
};

/** Starts the load at once; the figures come when `seconds` have passed. */
export async function runLoad(
  baseUrl: string,
  target: LoadTarget,
  connections: number,
  seconds: number,
): Promise<LoadFigures> {
  let next = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    method: target.method,
    headers: target.headers,
    requests: [
      {
        setupRequest: (request: AutocannonRequest) => {
          const { path, body } = target.requests[next % target.requests.length]!;
          next += 1;
          return body === undefined ? { ...request, path } : { ...request, path, body };
        },
      },
    ],
  });
  const statusCounts = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]),
  );
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    statusCounts,
  };
}

/** A warm-up whose figures are dropped (JIT, caches, pooled connections), then the run. */
export async function measureLoad(
  baseUrl: string,
  target: LoadTarget,
  settings: LoadSettings = LOAD_SETTINGS,
): Promise<LoadFigures> {
  if (settings.warmupSeconds > 0) {
    await runLoad(baseUrl, target, settings.connections, settings.warmupSeconds);
  }
  return runLoad(baseUrl, target, settings.connections, settings.seconds);
}
