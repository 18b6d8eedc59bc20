// The part of autocannon's API the throughput bench uses (the package ships no types).
declare module 'autocannon' {
  export type Options = {
    url: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    warmup?: { connections?: number; duration?: number };
    /** Seconds before a request without an answer counts as a timeout (default 10). */
    timeout?: number;
    /** Requests per second per connection (load.bench.ts: a virtual user's pace). */
    connectionRate?: number;
    /** A scenario: each connection sends these in turn, over and over (load.bench.ts). */
    requests?: ScenarioRequest[];
    /** Called once per connection as it is created (load.bench.ts gives each its virtual user). */
    setupClient?: (client: unknown) => void;
  };
  /** One step of a scenario; `context` is the connection's, reset each time the scenario starts again. */
  export type ScenarioRequest = {
    method?: 'GET' | 'POST';
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: ScenarioRequest, context: Record<string, unknown>) => ScenarioRequest | null;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string | string[]>) => void;
  };
  export type Histogram = { average: number; mean: number; p50: number; p90: number; p97_5: number; p99: number; max: number };
  export type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    /** Seconds. */
    duration: number;
  };
  export type Tracker = PromiseLike<Result> & {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): Tracker;
  };
  export default function autocannon(options: Options): Tracker;
}
