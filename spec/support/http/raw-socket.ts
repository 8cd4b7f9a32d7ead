import { EventEmitter } from 'node:events';
import { connect, type Socket } from 'node:net';
import type { RequestListener } from 'node:http';
import { startServer, type RunningServer, type ServerOptions, type SignalSource } from '../../../src/web/server.js';

const silent = { info: () => undefined, warn: () => undefined } as never;

/** The real Node server (its limits and its clientError answer) around an app, on a loopback port. */
export const listenOnLoopback = (app: RequestListener, options: Partial<ServerOptions> = {}): Promise<RunningServer> =>
  startServer(app, { host: '127.0.0.1', port: 0, logger: silent, signals: new EventEmitter() as EventEmitter & SignalSource, ...options });

export interface RawAnswer {
  /** Everything the server wrote, as text. */
  text: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

export const parseAnswer = (text: string): RawAnswer => {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { text, status: Number(statusLine.split(' ')[1]), headers, body };
};

/** A connection to the loopback port, from `localAddress` (any of 127.0.0.0/8: each is a client of its own). */
export const openSocket = (port: number, localAddress = '127.0.0.1'): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress }, () => resolve(socket));
    socket.once('error', reject);
  });

/** Writes `bytes`, then collects what the server answers until it closes the connection. */
export const untilClosed = (socket: Socket, bytes?: string | Buffer): Promise<string> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined); // a reset after the answer is still a closed connection
    socket.once('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    if (bytes !== undefined) socket.write(bytes);
  });

export const exchange = async (port: number, bytes: string | Buffer): Promise<RawAnswer> =>
  parseAnswer(await untilClosed(await openSocket(port), bytes));
