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
