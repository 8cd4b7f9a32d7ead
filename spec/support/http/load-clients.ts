import { request } from 'node:http';
import { connect, type Socket } from 'node:net';

/** What one short request got: its status (0 when the connection was refused, reset or timed out) and how long it took. */
export interface Probe {
  status: number;
  ms: number;
}

export interface ProbeRequest {
  port: number;
  path: string;
  /** The client's own address: any of 127.0.0.0/8 is loopback on Linux, so each is a distinct client. */
  localAddress: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
}

const PROBE_TIMEOUT_MS = 15_000;

/**
 * One request on a connection of its own, as a health checker or a user's first request makes it.
 * Never rejects: a reset or a refused connection is status 0, which a spec can count.
 */
export const probe = ({ port, path, localAddress, method = 'GET', body, headers = {} }: ProbeRequest): Promise<Probe> =>
  new Promise((resolve) => {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const json = payload === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)) };
    const req = request({ port, host: '127.0.0.1', localAddress, path, method, agent: false, headers: { ...json, ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      res.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    });
    req.setTimeout(PROBE_TIMEOUT_MS, () => req.destroy());
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(payload);
  });

/** The 99th percentile (nearest rank) of the probes' times, in milliseconds. */
export const p99 = (probes: Probe[]): number => {
  const sorted = probes.map((one) => one.ms).sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.99) - 1)] ?? NaN;
};

export interface Crowd {
  /** Connections the server has closed on this crowd (each is reopened a second later). */
  closed(): number;
  /** Responses the crowd has read (lines starting `HTTP/1.1 `). */
  answered(): number;
  /** How many of its sockets are connected right now. */
  open(): number;
  stop(): void;
}

interface CrowdOptions {
  port: number;
  localAddress: string;
  size: number;
  /** Written on every new connection. */
  opening: string;
  /** Written every `everyMs` while the connection lasts; `i` counts the writes on that connection. */
  next: (i: number) => string;
  everyMs: number;
}

/**
 * `size` sockets from one address that each write `opening`, then `next(i)` every `everyMs`, and
 * reconnect one second after the server closes them, for as long as the crowd runs: the client
 * who comes back at once, which a connection cap must hold off indefinitely, not just once.
 */
const crowd = ({ port, localAddress, size, opening, next, everyMs }: CrowdOptions): Crowd => {
  let running = true;
  let closed = 0;
  let answered = 0;
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };
  const open = (): void => {
    if (!running) return;
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    let writes = 0;
    let ticker: NodeJS.Timeout | undefined;
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.on('connect', () => {
      socket.write(opening);
      ticker = setInterval(() => socket.writable && socket.write(next(writes++)), everyMs);
    });
    socket.on('data', (chunk: Buffer) => (answered += chunk.toString('latin1').split('HTTP/1.1 ').length - 1));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(ticker);
      sockets.delete(socket);
      closed += 1;
      later(1_000, open);
    });
  };
  for (let i = 0; i < size; i += 1) open();
  return {
    closed: () => closed,
    answered: () => answered,
    open: () => [...sockets].filter((socket) => !socket.connecting && !socket.destroyed).length,
    stop: () => {
      running = false;
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
    },
  };
};

/** Ordinary keep-alive clients: a valid request on each connection every `everyMs`, the connection kept. */
export const keepAliveCrowd = (port: number, localAddress: string, size: number, everyMs: number): Crowd => {
  const get = 'GET /api/v1/livez HTTP/1.1\r\nHost: gatehouse.test\r\n\r\n';
  return crowd({ port, localAddress, size, opening: get, next: () => get, everyMs });
};

/** Slowloris: a header section that never ends, one more line a second; back a second after each 408. */
export const slowlorisCrowd = (port: number, localAddress: string, size: number): Crowd =>
  crowd({ port, localAddress, size, opening: 'GET /api/v1/livez HTTP/1.1\r\nHost: gatehouse.test\r\n', next: (i) => `X-Slow-${i}: 1\r\n`, everyMs: 1_000 });

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
