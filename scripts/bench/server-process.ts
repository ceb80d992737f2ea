import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Entries are named from the repository's root, whatever the bench's working directory. */
export const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A server the bench started as a child process, listening on 127.0.0.1. */
export interface ServerProcess {
  name: string;
  baseUrl: string;
  child: ChildProcess;
  /** What it wrote lately (stdout and stderr), for error messages. */
  output(): string;
  /** SIGTERM, then SIGKILL if it is still there after 10 s. */
  stop(): Promise<void>;
}

const OUTPUT_LIMIT = 20_000;
const STARTUP_LIMIT_MS = 120_000;
const STOP_LIMIT_MS = 10_000;

/**
 * Runs `node <args>` with this environment (the bench's own, then `env`) and waits until
 * GET /api/health answers 200.
 */
export async function startServerProcess(options: {
  name: string;
  args: string[];
  port: number;
  env: Record<string, string>;
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, options.args, {
    cwd: repositoryRoot,
    env: { ...process.env, ...options.env, PORT: String(options.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;

  const baseUrl = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  for (;;) {
    if (!running()) throw new Error(`${options.name} stopped while starting:\n${output}`);
    const health = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
    if (health?.ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} did not answer /api/health within 2 minutes:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    name: options.name,
    baseUrl,
    child,
    output: () => output,
    stop: async () => {
      if (!running()) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_LIMIT_MS);
      await exited;
      clearTimeout(killer);
    },
  };
}
