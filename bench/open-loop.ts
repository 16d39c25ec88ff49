/**
 * An open-loop (constant arrival rate) HTTP load generator for loopback benchmarks. Requests
 * are *scheduled* at exactly `rate` per second, independent of responses, and each latency is
 * measured from the scheduled start, so a slow server cannot hide its queueing (the
 * coordinated-omission correction of wrk2). autocannon's `overallRate` sends each second's quota
 * in a burst, which measures the burst, not the rate.
 */
import http from 'node:http';
import * as hdr from 'hdr-histogram-js';

export interface OpenLoopOptions {
  /** Full URLs; requests cycle through them. */
  urls: string[];
  /** Requests per second. */
  rate: number;
  durationS: number;
  /** Keep-alive sockets at most (like autocannon's connections). */
  connections: number;
}

export interface LatencyFigures {
  requests: number;
  ok: number;
  errors: number;
  achievedRate: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
}

/** A latency histogram in microseconds (1 us to 60 s, 3 significant digits). */
export function newLatencyHistogram(): hdr.Histogram {
  return hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 60_000_000,
    numberOfSignificantValueDigits: 3,
  });
}

/** Microseconds from `from` (a `performance.now()` value) to now, at least 1. */
export function microsSince(from: number): number {
  return Math.max(1, Math.round((performance.now() - from) * 1000));
}

/**
 * The open-loop schedule itself: calls `send(index, scheduledAt)` for index 0, 1, ... at exactly
 * `rate` per second for `durationS` seconds (`scheduledAt` is the `performance.now()` instant the
 * call was due, to measure latency from), never waiting for earlier calls, then waits for every
 * call to settle. `send` must not reject.
 * @returns the seconds from the first scheduled call until the last one settled.
 */
export async function runSchedule(
  rate: number,
  durationS: number,
  send: (index: number, scheduledAt: number) => Promise<void>,
): Promise<number> {
  const total = Math.round(rate * durationS);
  const intervalMs = 1000 / rate;
  let sent = 0;
  const inFlight = new Set<Promise<void>>();
  const start = performance.now();
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * intervalMs <= now) {
        const promise = send(sent, start + sent * intervalMs);
        inFlight.add(promise);
        void promise.then(() => inFlight.delete(promise));
        sent += 1;
      }
      if (sent < total)
        setTimeout(tick, Math.max(0, Math.min(1, start + sent * intervalMs - performance.now())));
      else done();
    };
    tick();
  });
  await Promise.all(inFlight);
  return (performance.now() - start) / 1000;
}

/** Runs the load and returns latency percentiles in milliseconds (2 decimals). */
export async function runOpenLoop(options: OpenLoopOptions): Promise<LatencyFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const histogram = newLatencyHistogram();
  const total = Math.round(options.rate * options.durationS);
  let ok = 0;
  let errors = 0;

  const fire = (url: string, scheduledAt: number): Promise<void> =>
    new Promise((resolve) => {
      let settled = false;
      const fail = () => {
        if (settled) return;
        settled = true;
        errors += 1;
        resolve();
      };
      const request = http.get(url, { agent, timeout: 30_000 }, (response) => {
        response.resume();
        response.on('error', fail);
        response.on('end', () => {
          if (settled) return;
          settled = true;
          histogram.recordValue(microsSince(scheduledAt));
          if (response.statusCode && response.statusCode < 400) ok += 1;
          else errors += 1;
          resolve();
        });
      });
      request.on('error', fail);
      request.on('timeout', () => request.destroy(new Error('timed out')));
    });

  const elapsedS = await runSchedule(options.rate, options.durationS, (index, scheduledAt) =>
    fire(options.urls[index % options.urls.length]!, scheduledAt),
  );
  agent.destroy();
  const ms = (micros: number) => Math.round(micros / 10) / 100;
  const figures: LatencyFigures = {
    requests: total,
    ok,
    errors,
    achievedRate: Math.round(total / elapsedS),
    p50: ms(histogram.getValueAtPercentile(50)),
    p90: ms(histogram.getValueAtPercentile(90)),
    p99: ms(histogram.getValueAtPercentile(99)),
    p999: ms(histogram.getValueAtPercentile(99.9)),
    max: ms(histogram.maxValue),
  };
  histogram.destroy();
  return figures;
}

/** A bench request's answer: status 0 when the request failed on the network or timed out. */
export interface Answer {
  status: number;
  /** The body as UTF-8 text. */
  body: string;
  setCookie: string[];
}

/**
 * One keep-alive HTTP client for a load script (bench/soak.ts, bench/checkout.ts): `request`
 * sends `body` as JSON when given and `cookie` as the Cookie header, to `origin` + `url`, with a
 * 30 s timeout; network errors and timeouts become status 0 instead of throwing. Destroy `agent`
 * when the run ends.
 */
export function keepAliveClient(
  origin: string,
  maxSockets: number,
): {
  request: (method: string, url: string, cookie?: string, body?: unknown) => Promise<Answer>;
  agent: http.Agent;
} {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const request = (method: string, url: string, cookie?: string, body?: unknown) =>
    new Promise<Answer>((resolve) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = {};
      if (payload !== undefined) headers['content-type'] = 'application/json';
      if (cookie) headers.cookie = cookie;
      const req = http.request(`${origin}${url}`, { method, agent, headers, timeout: 30_000 });
      req.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            setCookie: [response.headers['set-cookie'] ?? []].flat(),
          }),
        );
        response.on('error', () => resolve({ status: 0, body: '', setCookie: [] }));
      });
      req.on('error', () => resolve({ status: 0, body: '', setCookie: [] }));
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.end(payload);
    });
  return { request, agent };
}
