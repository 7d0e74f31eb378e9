import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TemplateError } from '../../core/templates/jinja';
import { WebhookDefinition, WebhookDeliveryError, WebhookEvent, deliverWebhook, headerTemplateError, renderHeaders, webhookTimestamp } from './delivery';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

type Responder = (req: Received, res: http.ServerResponse) => void;

/** A receiver that records every request and answers as the test says (204 unless told). */
class Receiver {
  readonly received: Received[] = [];
  respond: Responder = (_req, res) => res.writeHead(204).end();
  private readonly sockets = new Set<import('node:net').Socket>();

  constructor(readonly server: http.Server) {
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
        this.received.push(received);
        this.respond(received, res);
      });
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const scheme = this.server instanceof https.Server ? 'https' : 'http';
    return `${scheme}://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Forgets what came before: a request a test gave up on, read late under load, would count for the next test. */
  reset() {
    for (const socket of this.sockets) socket.destroy();
    this.received.length = 0;
    this.respond = (_req, res) => res.writeHead(204).end();
  }

  async close() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const event: WebhookEvent = {
  event: 'created',
  timestamp: '2026-11-25 17:31:04.123456+00:00',
  model: 'device',
  username: 'admin',
  request_id: 'a3c1e0a4-1b5e-4bd4-9a3f-0f4c9b1f8d11',
  data: { id: 7, name: 'Zürich-sw1', status: { value: 'active', label: 'Active' }, tags: [{ slug: 'core' }] },
  snapshots: { prechange: null, postchange: { name: 'Zürich-sw1', status: 'active' } },
};

function webhook(base: string, overrides: Partial<WebhookDefinition> = {}): WebhookDefinition {
  return {
    id: 1,
    name: 'inventory',
    payload_url: `${base}/hooks/{{ model }}?id={{ data.id }}`,
    http_method: 'POST',
    http_content_type: 'application/json',
    additional_headers: '',
    body_template: '',
    secret: '',
    conditions: null,
    ssl_verification: true,
    ca_file_path: null,
    ...overrides,
  };
}

describe('deliverWebhook over HTTP', () => {
  const receiver = new Receiver(http.createServer());
  let base: string;

  beforeAll(async () => {
    base = await receiver.listen();
  });
  afterAll(() => receiver.close());
  beforeEach(() => receiver.reset());

  it("posts the event as json.dumps writes it, to the rendered URL, signed with the secret", async () => {
    const result = await deliverWebhook(webhook(base, { secret: 's3cret' }), event);

    expect(result).toEqual({ status: 204 });
    const [request] = receiver.received;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/hooks/device?id=7');
    expect(request.headers['content-type']).toBe('application/json');
    const expectedBody =
      '{"event": "created", "timestamp": "2026-11-25 17:31:04.123456+00:00", "model": "device", "username": "admin", ' +
      '"request_id": "a3c1e0a4-1b5e-4bd4-9a3f-0f4c9b1f8d11", ' +
      '"data": {"id": 7, "name": "Z\\u00fcrich-sw1", "status": {"value": "active", "label": "Active"}, "tags": [{"slug": "core"}]}, ' +
      '"snapshots": {"prechange": null, "postchange": {"name": "Z\\u00fcrich-sw1", "status": "active"}}}';
    expect(request.body.toString('utf8')).toBe(expectedBody);
    expect(request.headers['content-length']).toBe(String(request.body.length));
    expect(request.headers['x-hook-signature']).toBe(createHmac('sha512', 's3cret').update(request.body).digest('hex'));
  });

  it('leaves out the snapshots when the event has none', async () => {
    await deliverWebhook(webhook(base), { ...event, snapshots: undefined });
    expect(JSON.parse(receiver.received[0].body.toString('utf8'))).not.toHaveProperty('snapshots');
  });

  it('sends the rendered body template and headers with the configured method and content type', async () => {
    const hook = webhook(base, {
      http_method: 'PUT',
      http_content_type: 'text/plain; charset=utf-8',
      additional_headers: 'X-Model: {{ model }}\r\n\r\nAuthorization :  Token {{ username }}  \n{% for t in data.tags %}X-Tag-{{ loop.index }}: {{ t.slug }}\n{% endfor %}',
      body_template: '{{ data.name }} is {{ data.status.label | lower }}; {{ data | tojson }}',
      secret: 'key',
    });

    await deliverWebhook(hook, event);

    const [request] = receiver.received;
    expect(request.method).toBe('PUT');
    expect(request.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(request.headers['x-model']).toBe('device');
    expect(request.headers.authorization).toBe('Token admin');
    expect(request.headers['x-tag-1']).toBe('core');
    const body = 'Zürich-sw1 is active; {"id": 7, "name": "Z\\u00fcrich-sw1", "status": {"label": "Active", "value": "active"}, "tags": [{"slug": "core"}]}';
    expect(request.body).toEqual(Buffer.from(body, 'utf8'));
    expect(request.headers['x-hook-signature']).toBe(createHmac('sha512', 'key').update(Buffer.from(body, 'utf8')).digest('hex'));
  });

  it('lets an additional Content-Type header replace the configured one', async () => {
    await deliverWebhook(webhook(base, { additional_headers: 'content-type: application/x-custom' }), event);
    expect(receiver.received[0].headers['content-type']).toBe('application/x-custom');
  });

  it('sends no signature without a secret', async () => {
    await deliverWebhook(webhook(base), event);
    expect(receiver.received[0].headers).not.toHaveProperty('x-hook-signature');
  });

  it('sends nothing when the conditions do not hold for the data', async () => {
    const conditions = { and: [{ attr: 'status.value', value: 'active' }, { attr: 'tags.slug', value: 'edge', op: 'contains' }] };
    expect(await deliverWebhook(webhook(base, { conditions }), event)).toBeNull();
    expect(receiver.received).toHaveLength(0);

    const holding = { or: [{ attr: 'tags.slug', value: 'edge', op: 'contains' }, { attr: 'name', value: '^Z', op: 'regex' }] };
    expect(await deliverWebhook(webhook(base, { conditions: holding }), event)).toEqual({ status: 204 });
    expect(receiver.received).toHaveLength(1);
  });

  it('treats empty conditions as none', async () => {
    expect(await deliverWebhook(webhook(base, { conditions: {} }), event)).toEqual({ status: 204 });
  });

  it("throws NetBox's message with the answer's content when the status is not 2xx", async () => {
    receiver.respond = (_req, res) => res.writeHead(500).end("it's\nbroken");
    await expect(deliverWebhook(webhook(base), event)).rejects.toThrow(
      new WebhookDeliveryError(`Status 500 returned with content 'b"it's\\nbroken"', webhook FAILED to process.`),
    );
    receiver.respond = (_req, res) => res.writeHead(404).end('gone');
    await expect(deliverWebhook(webhook(base), event)).rejects.toThrow("Status 404 returned with content 'b'gone'', webhook FAILED to process.");
  });

  it('gives up after the timeout', async () => {
    receiver.respond = () => undefined;
    const started = Date.now();
    await expect(deliverWebhook(webhook(base), event, { timeoutMs: 200 })).rejects.toThrow(/timed out after 200 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('gives up when its job is stopped', async () => {
    receiver.respond = () => undefined;
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 100);
    await expect(deliverWebhook(webhook(base), event, { timeoutMs: 10_000, signal: stop.signal })).rejects.toThrow(/^Request to .* stopped$/);
  });

  it('gives up on an answer whose body never ends', async () => {
    receiver.respond = (_req, res) => res.writeHead(200).write('partial');
    await expect(deliverWebhook(webhook(base), event, { timeoutMs: 200 })).rejects.toThrow(WebhookDeliveryError);
  });

  it('follows a 307 with the same method and body, and a 302 as a GET without body', async () => {
    receiver.respond = (req, res) => {
      if (req.url.startsWith('/hooks/')) res.writeHead(307, { Location: '/moved' }).end();
      else if (req.url === '/moved' && req.method === 'POST') res.writeHead(302, { Location: `${base}/final` }).end();
      else res.writeHead(200).end();
    };

    expect(await deliverWebhook(webhook(base, { secret: 'k' }), event)).toEqual({ status: 200 });

    const [first, second, third] = receiver.received;
    expect(second).toMatchObject({ method: 'POST', url: '/moved' });
    expect(second.body).toEqual(first.body);
    expect(third).toMatchObject({ method: 'GET', url: '/final' });
    expect(third.body).toHaveLength(0);
    expect(third.headers).not.toHaveProperty('content-type');
    expect(third.headers['x-hook-signature']).toBe(first.headers['x-hook-signature']);
  });

  it('throws when the receiver cannot be reached', async () => {
    const closed = new Receiver(http.createServer());
    const url = await closed.listen();
    await closed.close();
    await expect(deliverWebhook(webhook(url), event)).rejects.toThrow(/failed: .*ECONNREFUSED/);
  });

  it('throws on a header line without a colon', async () => {
    await expect(deliverWebhook(webhook(base, { additional_headers: 'X-Ok: 1\nBroken line' }), event)).rejects.toThrow(
      new WebhookDeliveryError("Invalid header line 'Broken line': expected 'Name: Value'"),
    );
    expect(receiver.received).toHaveLength(0);
  });

  it('throws TemplateError on a template that fails', async () => {
    await expect(deliverWebhook(webhook(base, { body_template: '{{ data.name.nope() }}' }), event)).rejects.toThrow(TemplateError);
    await expect(deliverWebhook(webhook(base, { payload_url: '{{ x.constructor }}' }), event)).rejects.toThrow(TemplateError);
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses a URL without a scheme or with another scheme than http(s)', async () => {
    await expect(deliverWebhook(webhook(base, { payload_url: 'example.com/hook' }), event)).rejects.toThrow(/No scheme supplied/);
    await expect(deliverWebhook(webhook(base, { payload_url: 'file:///etc/passwd' }), event)).rejects.toThrow(/No connection adapters/);
  });
});

const opensslAvailable = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

(opensslAvailable ? describe : describe.skip)('deliverWebhook over HTTPS with a self-signed certificate', () => {
  let directory: string;
  let receiver: Receiver;
  let base: string;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'webhook-tls-'));
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', join(directory, 'key.pem'), '-out', join(directory, 'cert.pem'),
    ], { stdio: 'ignore' });
    receiver = new Receiver(https.createServer({ key: readFileSync(join(directory, 'key.pem')), cert: readFileSync(join(directory, 'cert.pem')) }));
    base = await receiver.listen();
  });
  afterAll(async () => {
    await receiver.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('refuses the certificate when verifying against the system CAs', async () => {
    await expect(deliverWebhook(webhook(base), event)).rejects.toThrow(/self[- ]signed certificate/);
    expect(receiver.received).toHaveLength(0);
  });

  it('delivers when SSL verification is off', async () => {
    expect(await deliverWebhook(webhook(base, { ssl_verification: false }), event)).toEqual({ status: 204 });
    expect(receiver.received.at(-1)?.url).toBe('/hooks/device?id=7');
  });

  it('delivers when the certificate is the CA file', async () => {
    expect(await deliverWebhook(webhook(base, { ca_file_path: join(directory, 'cert.pem') }), event)).toEqual({ status: 204 });
  });

  it('throws on a CA file that cannot be read', async () => {
    await expect(deliverWebhook(webhook(base, { ca_file_path: join(directory, 'missing.pem') }), event)).rejects.toThrow(/invalid path/);
  });
});

describe('webhookTimestamp', () => {
  it("writes a time as Python's str() of an aware datetime", () => {
    expect(webhookTimestamp(new Date('2026-11-25T17:31:04.123Z'))).toBe('2026-11-25 17:31:04.123000+00:00');
    expect(webhookTimestamp(new Date('2026-01-02T03:04:05.007Z'))).toBe('2026-01-02 03:04:05.007000+00:00');
    expect(webhookTimestamp(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02 03:04:05+00:00');
  });
});

describe('renderHeaders', () => {
  it('splits each line at its first colon and trims both sides', () => {
    expect(renderHeaders('X-Url: http://a:8080/{{ model }}\n\n  X-B :b  ', { model: 'device' })).toEqual([
      ['X-Url', 'http://a:8080/device'],
      ['X-B', 'b'],
    ]);
    expect(renderHeaders('', {})).toEqual([]);
  });
});

describe('headerTemplateError', () => {
  it('is null for valid headers, including lines that only data fills', () => {
    expect(headerTemplateError('Authorization: Token abc\r\nX-Name: {{ data.name }}')).toBeNull();
    expect(headerTemplateError('{% for k, v in data.items() %}{{ k }}: {{ v }}\n{% endfor %}')).toBeNull();
    expect(headerTemplateError('{{ data.header_line }}')).toBeNull();
  });

  it('reports a template error', () => {
    expect(headerTemplateError('X-A: {{ data.name ')).toMatch(/expected variable end/);
  });

  it('reports a line without a colon', () => {
    expect(headerTemplateError('X-A: 1\nAuthorization Token {{ data.token }}')).toBe("Invalid header line 'Authorization Token': expected 'Name: Value'");
  });
});
