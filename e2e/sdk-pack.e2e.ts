import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './support/server.ts';

// Issue 15: `npm pack` of @tonemark/sdk installs into an empty project (offline: the package has
// no runtime dependencies), whose own script creates and lists triggers against a running server
// with an API key, and verifies the signature of the real trigger.created webhook it receives.

const root = path.resolve(import.meta.dirname, '..');
const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

const CONSUMER = `
import { createServer } from 'node:http';
import { TonemarkApiError, TonemarkClient, verifyWebhook, WebhookVerificationError } from '@tonemark/sdk';

const client = new TonemarkClient({ apiKey: process.env.TONEMARK_API_KEY, baseUrl: process.env.TONEMARK_URL });

let resolveDelivery;
const delivered = new Promise((resolve) => (resolveDelivery = resolve));
const receiver = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    response.writeHead(204).end();
    resolveDelivery({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const url = 'http://127.0.0.1:' + receiver.address().port + '/hooks';

const webhook = await client.webhooks.register({ url, events: ['trigger.created'] });
const created = await client.triggers.create({
  name: 'Packed SDK trigger',
  type: 'audible',
  frequencyPattern: [600, 1100, 1450, 1900],
  duration: 2000,
  actionType: 'url',
  actionPayload: 'https://example.com/packed',
});
const listed = await client.triggers.list({ active: true });
let validation = null;
try {
  await client.triggers.create({ name: '' });
} catch (error) {
  if (error instanceof TonemarkApiError) validation = { status: error.status, code: error.code, fields: Object.keys(error.fields ?? {}) };
}

const { body, headers } = await delivered;
const event = await verifyWebhook(webhook.secret, body, headers);
let tamperedRefused = false;
try {
  await verifyWebhook(webhook.secret, body.replace('Packed', 'Forged'), headers);
} catch (error) {
  tamperedRefused = error instanceof WebhookVerificationError;
}
receiver.close();
console.log(JSON.stringify({
  createdId: created.id,
  listedIds: listed.map((trigger) => trigger.id),
  rateLimit: client.lastRateLimit,
  validation,
  event: { type: event.type, id: event.data.id, name: event.data.name },
  tamperedRefused,
}));
`;

// Compiled with the consumer's own TypeScript settings: the package's types resolve and are usable.
const TYPED_CONSUMER = `
import { TonemarkClient, type Trigger, type ListTriggersQuery } from '@tonemark/sdk';
const client = new TonemarkClient({ apiKey: 'tm_live_x', baseUrl: 'http://localhost' });
const query: ListTriggersQuery = { type: 'audible', active: true, limit: 10 };
export const names: Promise<string[]> = client.triggers.list(query).then((all: Trigger[]) => all.map((t) => t.name));
// @ts-expect-error: duration is a number in the contract
client.triggers.create({ name: 'x', type: 'audible', frequencyPattern: [1, 2, 3, 4], duration: '2000', actionType: 'url', actionPayload: 'x' });
`;

describe('@tonemark/sdk packed and installed in an empty project', () => {
  let server: RunningServer;
  let work: string;
  let apiKey: string;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'tonemark-sdk-pack-'));
    // The receiver is on 127.0.0.1: let this server call private addresses.
    server = await startServer({ ALLOW_PRIVATE_MEDIA_URLS: 'true' });
    const register = await fetch(`${server.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'packed@example.com', password: 'password-123' }),
    });
    const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const key = await fetch(`${server.baseUrl}/api/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ name: 'pack test' }),
    });
    apiKey = ((await key.json()) as { key: string }).key;
  });
  afterAll(async () => {
    await server?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('packs, installs offline, and its script creates, lists and verifies a webhook', () => {
    npm(['pack', '-w', '@tonemark/sdk', '--pack-destination', work], root);
    const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'));
    expect(tarball).toBe('tonemark-sdk-1.0.0.tgz');

    const project = path.join(work, 'consumer');
    execFileSync('mkdir', ['-p', project]);
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    npm(['install', '--offline', '--no-audit', '--no-fund', path.join(work, tarball ?? '')], project);
    expect(readdirSync(path.join(project, 'node_modules/@tonemark/sdk/dist'))).toContain('tonemark.js');

    writeFileSync(path.join(project, 'check.mjs'), CONSUMER);
    const output = execFileSync(process.execPath, ['check.mjs'], {
      cwd: project,
      env: { ...process.env, TONEMARK_URL: server.baseUrl, TONEMARK_API_KEY: apiKey },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const result = JSON.parse(output.trim().split('\n').at(-1) ?? '{}');
    expect(result.listedIds).toContain(result.createdId);
    expect(result.rateLimit).toMatchObject({ limit: 100 });
    expect(result.rateLimit.remaining).toBeLessThan(100);
    expect(result.validation).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(result.validation.fields).toContain('name');
    expect(result.event).toEqual({
      type: 'trigger.created',
      id: result.createdId,
      name: 'Packed SDK trigger',
    });
    expect(result.tamperedRefused).toBe(true);

    writeFileSync(path.join(project, 'typed.ts'), TYPED_CONSUMER);
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    execFileSync(
      process.execPath,
      [
        tsc,
        '--noEmit',
        '--strict',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--target',
        'es2022',
        '--lib',
        'es2022,dom',
        'typed.ts',
      ],
      { cwd: project, encoding: 'utf8' },
    );
  });
});
