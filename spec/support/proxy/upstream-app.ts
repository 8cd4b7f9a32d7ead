import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

export interface UpstreamApp {
  port: number;
  /** Every request that reached the app, in order. */
  seen: SeenRequest[];
  close(): Promise<void>;
}

/** The app behind the proxy: answers 200 to anything and remembers what reached it. */
export const startUpstreamApp = async (): Promise<UpstreamApp> => {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    req.resume();
    req.on('end', () => res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`app saw ${req.method} ${req.url}\n`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
