/** The part of autocannon's API (README, "API") the bench uses; the package ships no types. */
declare module 'autocannon' {
  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  export interface AutocannonRequestStep extends AutocannonRequest {
    /** Called before each request of a connection; returns the request to send. */
    setupRequest?: (request: AutocannonRequest, context: object) => AutocannonRequest;
  }

  export interface AutocannonOptions extends AutocannonRequest {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds without an answer before a request counts as a timeout. */
    timeout?: number;
    requests?: AutocannonRequestStep[];
  }

  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
    total: number;
  }

  export interface AutocannonResult {
    requests: Histogram;
    latency: Histogram;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  export interface AutocannonInstance extends PromiseLike<AutocannonResult> {
    stop(): void;
  }

  /** A CommonJS function: Node's ESM import gives it as the default export. */
  export default function autocannon(options: AutocannonOptions): AutocannonInstance;
}
