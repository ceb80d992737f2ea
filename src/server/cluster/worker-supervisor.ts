import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import { createRestartBackoff } from './restart-backoff';

/** Longer than a worker's own stop (the outbox lets its sends finish for 10 s, app.ts). */
const STOP_GRACE_MS = 15_000;

export interface WorkerSupervision {
  /** How many workers to keep serving. */
  workers: number;
  /** The module each worker runs (main.ts, which takes its worker path there). */
  exec: string;
  log: FastifyBaseLogger;
  /** Once, when every worker first listens. */
  onAllListening(): void;
}

/**
 * The cluster's primary (docs/architecture.md, "Processes and logs"): forks the workers, which share the
 * port, and replaces one that dies, after a back-off while they keep dying young. A worker that
 * dies before all of them have listened means the start failed (the worker said why on stderr):
 * the others are stopped and the primary exits 1. SIGTERM or SIGINT stops every worker gracefully,
 * then the primary exits.
 */
export function superviseWorkers({ workers, exec, log, onAllListening }: WorkerSupervision): void {
  cluster.setupPrimary({ exec });
  const backoff = createRestartBackoff();
  const startedAt = new Map<Worker, number>();
  const pendingStarts = new Set<NodeJS.Timeout>();
  let listenedOnce = false;
  let listeningCount = 0;
  let exitCode: number | undefined;

  const fork = () => startedAt.set(cluster.fork(), Date.now());

  const stop = (code: number) => {
    if (exitCode !== undefined) return;
    exitCode = code;
    for (const timer of pendingStarts) clearTimeout(timer);
    if (startedAt.size === 0) process.exit(code);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
    }, STOP_GRACE_MS).unref();
  };

  cluster.on('listening', () => {
    listeningCount += 1;
    if (listeningCount !== workers) return;
    listenedOnce = true;
    onAllListening();
  });

  cluster.on('exit', (worker, code, signal) => {
    const uptimeMs = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    if (exitCode !== undefined) {
      if (startedAt.size === 0) process.exit(exitCode);
      return;
    }
    if (!listenedOnce) {
      log.error(
        { workerPid: worker.process.pid, code, signal },
        'a server process could not start',
      );
      stop(1);
      return;
    }
    const delayMs = backoff.delayAfterDeath(uptimeMs);
    log.error(
      { workerPid: worker.process.pid, code, signal, restartInMs: delayMs },
      'a server process died; another takes its place',
    );
    const timer = setTimeout(() => {
      pendingStarts.delete(timer);
      fork();
    }, delayMs);
    pendingStarts.add(timer);
  });

  process.on('SIGTERM', () => stop(0));
  process.on('SIGINT', () => stop(0));
  for (let started = 0; started < workers; started += 1) fork();
}
