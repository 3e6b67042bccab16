// Load generation of the network benchmark: autocannon against the real server, with per-request latencies kept
// so that p50 and p95 are exact (autocannon's own summary has p50, p90, p97.5 and p99, no p95).
import autocannon from 'autocannon';

export interface MeasuredRequest {
  method: 'GET' | 'PATCH';
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface LoadOptions {
  baseUrl: string;
  authorization: string;
  connections: number;
  durationSeconds: number;
}

export interface LoadResult {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  /** The failed answers by HTTP status. */
  failedStatuses: Record<number, number>;
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;

/** Runs one scenario; `next` builds each request, so that ids and values vary from request to request. */
export const measure = async (name: string, next: () => MeasuredRequest, options: LoadOptions): Promise<LoadResult> => {
  const latencies: number[] = [];
  let errors = 0;
  const failedStatuses: Record<number, number> = {};
  let finish: (result: autocannon.Result) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  // The callback form answers the running instance, whose events carry each response's time.
  const instance = autocannon(
    {
      url: options.baseUrl,
      connections: options.connections,
      duration: options.durationSeconds,
      headers: { authorization: options.authorization, 'accept-language': 'ru' },
      requests: [
        {
          setupRequest: (request) => {
            const built = next();
            return {
              ...request,
              method: built.method,
              path: built.path,
              headers: { ...request.headers, ...built.headers },
              ...(built.body !== undefined && { body: built.body }),
            };
          },
        },
      ],
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) {
      latencies.push(responseTime);
    } else {
      errors += 1;
      failedStatuses[statusCode] = (failedStatuses[statusCode] ?? 0) + 1;
    }
  });
  const summary = await finished;
  latencies.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    name,
    requests: latencies.length,
    perSecond: Math.round(summary.requests.average),
    p50: round(percentile(latencies, 0.5)),
    p95: round(percentile(latencies, 0.95)),
    p99: round(percentile(latencies, 0.99)),
    max: round(latencies.at(-1) ?? 0),
    errors: errors + summary.errors + summary.timeouts,
    failedStatuses,
  };
};
