import * as http from 'http';
import { AddressInfo } from 'net';

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP server that records what it is sent: the far end of webhooks. `answer` decides each
 * reply (200 by default); one that never settles holds the request open.
 */
export class Receiver {
  readonly received: Received[] = [];
  answer: (request: Received, index: number) => Promise<number> | number = () => 200;
  private readonly waiters: Array<() => void> = [];
  private server!: http.Server;

  static async start(): Promise<Receiver> {
    const receiver = new Receiver();
    receiver.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const request = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
        const index = receiver.received.push(request) - 1;
        receiver.waiters.splice(0).forEach((wake) => wake());
        const status = await receiver.answer(request, index);
        res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status < 300 ? 'ok' : 'failed');
      });
    });
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Waits until `count` requests have arrived in all, or fails after `ms`. */
  async until(count: number, ms = 10_000): Promise<Received[]> {
    const deadline = Date.now() + ms;
    while (this.received.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} requests, received ${this.received.length}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.received;
  }

  /** The bodies received, parsed, in order. */
  json(): any[] {
    return this.received.map((r) => JSON.parse(r.body));
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
