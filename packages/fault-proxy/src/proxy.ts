// The proxy itself: every request not for /healthz or /readyz is forwarded to the upstream unless its fate (decide.ts) says
// otherwise (/metrics and /admin/faults are on the admin listener). A dropped sendTransaction is answered with the transaction's own signature, as a
// provider that accepted and then lost it would; a stale blockhash is the oldest
// getLatestBlockhash answer kept; a cut sends the headers and half the body, then closes.
import { connect } from 'node:net';
import { createServiceServer, type Logger, type Metrics } from '@basket/service-kit';
import { getBase58Decoder, getBase58Encoder, getBase64Encoder } from '@solana/kit';
import { type FaultProxyConfig, type Faults, faultsSchema } from './config.ts';
import { decideFate } from './decide.ts';
import { seededRandom } from './random.ts';

const OWN = new Set(['/healthz', '/readyz']);
const KEPT_BLOCKHASHES = 64;

type RpcRequest = { id?: unknown; method?: unknown; params?: unknown[] };

/** The first signature of a wire transaction, base58 (what sendTransaction answers). */
function signatureOf(params: unknown[] | undefined): string | null {
  const [wire, options] = params ?? [];
  if (typeof wire !== 'string') return null;
  const encoding = (options as { encoding?: string } | undefined)?.encoding ?? 'base58';
  let bytes: Uint8Array;
  try {
    bytes = (encoding === 'base64' ? getBase64Encoder() : getBase58Encoder()).encode(
      wire,
    ) as Uint8Array;
  } catch {
    return null;
  }
  // A shortvec count of at least one signature, then the first signature's 64 bytes.
  if (bytes.length < 65 || bytes[0] === 0) return null;
  return getBase58Decoder().decode(bytes.slice(1, 65));
}

/**
 * Starts the proxy.
 *
 * @example
 * const proxy = await startFaultProxy(config, logger, metrics);
 * await proxy.setFaults({ dropSendPercent: 60 });
 * await proxy.close();
 */
export async function startFaultProxy(config: FaultProxyConfig, logger: Logger, metrics: Metrics) {
  let faults: Faults = config.faults;
  let random = seededRandom(config.seed);
  const blockhashes: string[] = [];
  const requests = metrics.counter('requests_total', 'Requests received, by JSON-RPC method', [
    'method',
  ]);
  const injected = metrics.counter('faults_total', 'Faults injected, by kind', ['kind']);
  const upstream = config.upstream.replace(/\/$/, '');
  const app = createServiceServer({
    logger,
    metrics,
    bodyLimit: 8 * 1024 * 1024,
    admin: { port: config.adminPort },
    readiness: [
      {
        name: 'upstream',
        check: async () =>
          (
            await fetch(upstream, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: '{"jsonrpc":"2.0","id":0,"method":"getHealth"}',
              signal: AbortSignal.timeout(2_000),
            })
          ).status < 500,
      },
    ],
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.admin.get('/admin/faults', async () => faults);
  app.admin.removeAllContentTypeParsers();
  app.admin.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  app.admin.put('/admin/faults', async (request, reply) => {
    let body: unknown;
    try {
      body = JSON.parse(String(request.body ?? '{}'));
    } catch {
      return reply.code(400).send({ error: 'body is not JSON' });
    }
    const next = faultsSchema.partial().safeParse(body);
    if (!next.success) {
      return reply.code(400).send({ error: next.error.issues.map((i) => i.message) });
    }
    faults = faultsSchema.parse({ ...faults, ...next.data });
    const seed = (body as { seed?: unknown }).seed;
    if (typeof seed === 'number' && Number.isInteger(seed)) random = seededRandom(seed);
    logger.info({ faults }, 'faults changed');
    return faults;
  });

  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'],
    url: '/*',
    handler: async (request, reply) => {
      const path = request.url;
      if (OWN.has(path)) return reply.code(404).send();
      const body = Buffer.isBuffer(request.body) ? request.body : null;
      let rpc: RpcRequest | null = null;
      if (body && body.length > 0 && body[0] === 0x7b) {
        try {
          rpc = JSON.parse(body.toString('utf8')) as RpcRequest;
        } catch {
          rpc = null;
        }
      }
      const method = typeof rpc?.method === 'string' ? rpc.method : null;
      requests.inc({ method: method ?? 'http' });
      const fate = decideFate(faults, random, method);
      if (fate.delayMs > 0) await new Promise((r) => setTimeout(r, fate.delayMs));
      if (fate.action === 'rate-limit') {
        injected.inc({ kind: 'rate-limit' });
        return reply
          .code(429)
          .header('retry-after', String(faults.retryAfterSeconds))
          .send({
            jsonrpc: '2.0',
            id: rpc?.id ?? null,
            error: { code: 429, message: 'Too many requests' },
          });
      }
      if (fate.action === 'drop') {
        const signature = signatureOf(rpc?.params);
        if (signature) {
          injected.inc({ kind: 'drop' });
          return reply.send({ jsonrpc: '2.0', id: rpc?.id ?? null, result: signature });
        }
      }
      if (fate.action === 'stale-blockhash' && blockhashes.length > 0) {
        injected.inc({ kind: 'stale-blockhash' });
        const answer = JSON.parse(blockhashes[0] as string) as Record<string, unknown>;
        return reply
          .header('content-type', 'application/json')
          .send({ ...answer, id: rpc?.id ?? null });
      }
      const headers: Record<string, string> = {};
      const type = request.headers['content-type'];
      if (type) headers['content-type'] = type;
      const answer = await fetch(`${upstream}${path === '/' ? '' : path}`, {
        method: request.method,
        headers,
        ...(body && request.method !== 'GET' && request.method !== 'HEAD'
          ? { body: new Uint8Array(body) }
          : {}),
      });
      const text = Buffer.from(await answer.arrayBuffer());
      if (method === 'getLatestBlockhash' && answer.ok) {
        blockhashes.push(text.toString('utf8'));
        if (blockhashes.length > KEPT_BLOCKHASHES) blockhashes.shift();
      }
      const contentType = answer.headers.get('content-type') ?? 'application/octet-stream';
      if (fate.action === 'cut') {
        injected.inc({ kind: 'cut' });
        reply.hijack();
        reply.raw.writeHead(answer.status, {
          'content-type': contentType,
          'content-length': String(text.length),
        });
        reply.raw.write(text.subarray(0, Math.floor(text.length / 2)));
        reply.raw.socket?.destroy();
        return;
      }
      return reply.code(answer.status).header('content-type', contentType).send(text);
    },
  });

  // PubSub upgrades go straight through: faults apply to the HTTP side only.
  if (config.wsUpstream) {
    const ws = new URL(config.wsUpstream);
    app.server.on('upgrade', (req, socket, head) => {
      const target = connect(Number(ws.port || 80), ws.hostname, () => {
        const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
        for (let i = 0; i < req.rawHeaders.length; i += 2) {
          lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        }
        target.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) target.write(head);
        target.pipe(socket);
        socket.pipe(target);
      });
      const close = () => {
        target.destroy();
        socket.destroy();
      };
      target.on('error', close);
      socket.on('error', close);
    });
  }

  const url = await app.listen({ host: config.host, port: config.port });
  // The admin listener starts in an onListen hook that listen() does not wait for.
  for (let i = 0; i < 100 && app.adminUrl() === null; i += 1) {
    await new Promise((r) => setTimeout(r, 20));
  }
  logger.info({ url, upstream, seed: config.seed, faults }, 'fault proxy listening');
  return {
    url,
    /** The admin listener: /metrics and /admin/faults. */
    adminUrl: app.adminUrl(),
    faults: () => faults,
    /** Changes the faults in force (the same as PUT /admin/faults). */
    setFaults(next: Partial<Faults>) {
      faults = faultsSchema.parse({ ...faults, ...next });
      return faults;
    },
    close: () => app.close(),
  };
}

export type FaultProxy = Awaited<ReturnType<typeof startFaultProxy>>;
