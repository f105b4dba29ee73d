import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { CatalogueRoute } from '../plugins/route-catalogue.ts';

/** Who sends a fuzzed request: the fuzz test holds a real cookie or key for each. */
export type Caller = 'anonymous' | 'admin' | 'creator' | 'viewer' | 'apiKey';

export interface FuzzCase {
  route: CatalogueRoute;
  caller: Caller;
  /** Sends `Origin` from another site (state-changing routes must refuse it with 403, never 5xx). */
  foreignOrigin: boolean;
  url: string;
  body: FuzzBody;
}

export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; text: string }
  | { kind: 'multipart'; contentType: string; bytes: Buffer };

/** Ids that exist in the fuzz test's database, so some requests reach past the lookups. */
export interface KnownIds {
  ids: number[];
}

const NUL = '\u0000';

// Values that broke or could break a parser, a database column or a date conversion.
const nastyText = fc.constantFrom(
  '',
  ' ',
  NUL,
  `a${NUL}b`,
  `${NUL}@example.com`,
  'x'.repeat(5000),
  '\uD800',
  '😀'.repeat(50),
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '0x1',
  ' 1',
  '+1',
  '1e400',
  '-1',
  '99999999999999999999',
  'NaN',
  'Infinity',
  '0000-01-01',
  '2024-01-01T00:00:00+99:00',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00.000Z',
  '2024-02-30',
  'javascript:alert(1)',
  'http://127.0.0.1:1/',
  'http://[::1]/x.mp3',
  'file:///etc/passwd',
  'whsec_',
  'audible',
  'URL',
  'active',
  'csv',
);

const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 31 - 1, 2 ** 53 + 2, 1e20, -1e20, 1e308, 0.5, -0.000001),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

function nastyValue(known: KnownIds): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    { weight: 4, arbitrary: nastyText },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 3, arbitrary: nastyNumber },
    { weight: 2, arbitrary: fc.constantFrom(...known.ids) },
    { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  );
  return fc.oneof(
    { weight: 6, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(leaf, { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 3 }) },
  );
}

/** Field names of the API's contracts: random bodies use them so strict schemas look further. */
const FIELD_NAMES = [
  'action',
  'actionData',
  'actionPayload',
  'actionType',
  'amount',
  'campaignId',
  'card',
  'clientSecret',
  'description',
  'device',
  'deviceType',
  'durationMs',
  'durationSeconds',
  'email',
  'endDate',
  'events',
  'excludeId',
  'format',
  'frequencyPattern',
  'limit',
  'mediaId',
  'mediaPublicId',
  'mediaUrl',
  'metadata',
  'name',
  'offset',
  'password',
  'planId',
  'range',
  'dateRange',
  'secret',
  'segmentDuration',
  'segmentStart',
  'signal',
  'startDate',
  'startTime',
  'startTimeSeconds',
  'status',
  'subscriptionId',
  'title',
  'triggerId',
  'triggerPosition',
  'triggerPublicId',
  'type',
  'url',
  'userId',
  'username',
  'search',
  'page',
];

/** Valid-looking bodies per route: mutating one field at a time reaches each field's own checks. */
const SEED_BODIES: Record<string, Record<string, unknown>[]> = {
  'POST /api/auth/register': [{ email: 'fuzz@example.com', password: 'password-123' }],
  'POST /api/auth/login': [{ email: 'fuzz@example.com', password: 'password-123' }],
  'POST /api/triggers': [
    {
      name: 'Fuzz',
      type: 'URL',
      actionData: 'https://example.com',
      frequencyPattern: [1000, 1200, 1500, 1800],
    },
    { name: 'Fuzz', type: 'CUSTOM', actionData: 'x', durationMs: 1000, signal: 'audible' },
  ],
  'PATCH /api/triggers/:id': [{ name: 'Renamed', description: 'd', status: 'inactive' }],
  'POST /api/triggers/check-pattern': [{ frequencyPattern: [1000, 1200, 1500, 1800], excludeId: 1 }],
  'POST /api/campaigns': [{ name: 'Camp', description: 'd', startDate: '2024-01-01', endDate: '2024-02-01' }],
  'PATCH /api/campaigns/:id': [{ name: 'Camp 2', status: 'paused' }],
  'POST /api/campaigns/:id/triggers': [{ triggerId: 1 }],
  'POST /api/create-payment-intent': [{ amount: 29, subscriptionId: 'sub_1' }],
  'POST /api/subscriptions': [
    { planId: 'pro', email: 'a@example.com', name: 'A', metadata: { source: 'api' } },
  ],
  'POST /api/payments/sandbox/confirm': [
    { clientSecret: 'pi_x_secret_y', card: { number: '4242424242424242', expiry: '12/34', cvc: '123' } },
  ],
  'POST /api/api-keys': [{ name: 'Key' }],
  'POST /api/webhooks': [{ url: 'https://example.com/hook', events: ['trigger.created'] }],
  'POST /api/v1/webhooks/register': [{ url: 'https://example.com/hook', events: ['trigger.created'] }],
  'POST /api/v1/triggers': [
    {
      name: 'V1',
      type: 'audible',
      frequencyPattern: [1000, 1200, 1500, 1800],
      duration: 2000,
      actionType: 'url',
      actionPayload: 'https://example.com/x',
    },
  ],
  'PATCH /api/media/:id': [{ title: 'T', description: 'D' }],
  'POST /api/media/import': [{ mediaUrl: 'http://127.0.0.1:1/a.mp3', title: 'T' }],
  'POST /api/media/embed': [{ mediaId: 1, triggerId: 1, startTime: 0 }],
  'POST /api/media/process-segment': [{ mediaId: 1, triggerId: 1, segmentStart: 0, segmentDuration: 1 }],
  'POST /api/cloudinary/extract-segment': [{ mediaId: 1, startTimeSeconds: 0, durationSeconds: 1 }],
  'POST /api/cloudinary/embed-trigger': [
    { mediaId: 1, triggerId: 1, triggerPublicId: 'x', startTimeSeconds: 0 },
  ],
};

const QUERY_SEEDS: Record<string, Record<string, string>[]> = {
  'GET /api/activations': [{ startDate: '2024-01-01', endDate: '2024-12-31', limit: '10', offset: '0' }],
  'GET /api/activations/page': [{ startDate: '2024-01-01', endDate: '2024-12-31', limit: '10', offset: '0' }],
  'GET /api/analytics/activity': [{ range: '30d', device: 'all' }],
  'GET /api/v1/triggers': [{ limit: '10', page: '1' }],
  'GET /api/v1/activations': [{ limit: '10', startDate: '2024-01-01' }],
  'GET /api/v1/analytics': [{ dateRange: '30d' }],
  'GET /api/campaigns': [{ userId: '1' }],
};

const UPLOAD_FIELDS: Record<string, string[]> = {
  'POST /api/media/upload': ['title', 'description'],
  'POST /api/media/upload-embed': ['triggerId', 'startTime'],
  'POST /api/media/upload-process-segment': [
    'triggerId',
    'segmentStart',
    'segmentDuration',
    'triggerPosition',
  ],
  'POST /api/cloudinary/upload': ['title', 'description', 'type'],
};
const FILE_FIELD: Record<string, string> = { 'POST /api/cloudinary/upload': 'file' };

/** A WAV whose header may lie about its rate, channels, sample size and length. */
function wavArbitrary(): fc.Arbitrary<Buffer> {
  return fc
    .record({
      sampleRate: fc.constantFrom(0, 1, 8, 8000, 44100, 384000, 4_294_967_295),
      channels: fc.constantFrom(0, 1, 2, 255, 65535),
      bits: fc.constantFrom(0, 8, 16, 24, 32),
      frames: fc.integer({ min: 0, max: 4000 }),
      declaredExtra: fc.constantFrom(0, 1_000_000, 2_000_000_000),
    })
    .map(({ sampleRate, channels, bits, frames, declaredExtra }) => {
      const data = Buffer.alloc(frames * 2);
      for (let i = 0; i < frames; i++) data.writeInt16LE(Math.round(8000 * Math.sin(i / 5)), i * 2);
      const header = Buffer.alloc(44);
      header.write('RIFF', 0);
      header.writeUInt32LE(Math.min(0xffffffff, 36 + data.length + declaredExtra), 4);
      header.write('WAVEfmt ', 8);
      header.writeUInt32LE(16, 16);
      header.writeUInt16LE(1, 20);
      header.writeUInt16LE(channels, 22);
      header.writeUInt32LE(sampleRate, 24);
      header.writeUInt32LE(Math.min(0xffffffff, sampleRate * Math.max(1, (channels * bits) / 8)), 28);
      header.writeUInt16LE(Math.max(0, (channels * bits) / 8) & 0xffff, 32);
      header.writeUInt16LE(bits, 34);
      header.write('data', 36);
      header.writeUInt32LE(Math.min(0xffffffff, data.length + declaredExtra), 40);
      return Buffer.concat([header, data]);
    });
}

function formBytes(
  boundary: string,
  fields: [string, string][],
  file?: { field: string; name: string; bytes: Buffer },
) {
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: audio/wav\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

function multipartArbitrary(key: string): fc.Arbitrary<FuzzBody> {
  const names = UPLOAD_FIELDS[key] ?? ['title'];
  const fileField = FILE_FIELD[key] ?? 'mediaFile';
  const fields = fc.array(
    fc.tuple(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...names) },
        { weight: 1, arbitrary: fc.constantFrom('x', 'file', fileField) },
      ),
      fc.oneof(nastyText, fc.string({ maxLength: 20 }), fc.constantFrom(NUL, `t${NUL}`)),
    ),
    { maxLength: 4 },
  );
  const file = fc.option(
    fc.record({
      field: fc.oneof(
        { weight: 5, arbitrary: fc.constant(fileField) },
        { weight: 1, arbitrary: fc.constantFrom('other', '') },
      ),
      name: fc.oneof(
        fc.constantFrom('a.wav', `a${NUL}.wav`, 'a"b.wav', '../x.wav', 'x'.repeat(600)),
        fc.string({ maxLength: 10 }),
      ),
      bytes: fc.oneof(
        wavArbitrary(),
        fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
      ),
    }),
    { nil: undefined },
  );
  const wellFormed = fc.tuple(fields, file).map(([f, fl]): FuzzBody => {
    const boundary = 'fuzzboundary1234';
    return {
      kind: 'multipart',
      contentType: `multipart/form-data; boundary=${boundary}`,
      bytes: formBytes(boundary, f, fl),
    };
  });
  const malformed = fc
    .tuple(
      fields,
      file,
      fc.constantFrom(
        'no-boundary',
        'wrong-boundary',
        'no-closing',
        'garbage',
        'long-boundary',
        'empty',
        'bad-header',
      ),
    )
    .map(([f, fl, how]): FuzzBody => {
      const boundary = how === 'long-boundary' ? 'b'.repeat(300) : 'fuzzboundary1234';
      let bytes = formBytes(boundary, f, fl);
      let contentType = `multipart/form-data; boundary=${boundary}`;
      if (how === 'no-boundary') contentType = 'multipart/form-data';
      if (how === 'wrong-boundary') contentType = 'multipart/form-data; boundary=somethingelse';
      if (how === 'no-closing') bytes = bytes.subarray(0, bytes.length - boundary.length - 6);
      if (how === 'garbage') bytes = Buffer.from('\u0000\u0001garbage\r\n--\r\n\r\n'.repeat(5));
      if (how === 'empty') bytes = Buffer.alloc(0);
      if (how === 'bad-header')
        bytes = Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name\r\n\r\nvalue\r\n--${boundary}--\r\n`,
        );
      return { kind: 'multipart', contentType, bytes };
    });
  return fc.oneof(wellFormed, malformed);
}

function withNul(value: Record<string, unknown>, pick: number, nul: string): Record<string, unknown> {
  const textKeys = Object.keys(value).filter((k) => typeof value[k] === 'string');
  const key = textKeys[pick % Math.max(1, textKeys.length)];
  if (key === undefined) return { ...value, name: nul };
  return { ...value, [key]: `${String(value[key])}${nul}` };
}

function jsonBodyArbitrary(key: string, known: KnownIds): fc.Arbitrary<FuzzBody> {
  const value = nastyValue(known);
  const seeds = SEED_BODIES[key] ?? [];
  const random = fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 5 });
  const options: fc.Arbitrary<unknown>[] = [random, value];
  if (seeds.length > 0) {
    // One or two fields of a valid body replaced: the likeliest way past a strict schema.
    options.push(
      fc
        .tuple(
          fc.constantFrom(...seeds),
          fc.dictionary(fc.constantFrom(...Object.keys(seeds[0] ?? {})), value, { minKeys: 1, maxKeys: 2 }),
        )
        .map(([seed, changes]) => ({ ...seed, ...changes })),
      fc.constantFrom(...seeds),
      // A NUL inside one text field of a valid body: PostgreSQL text cannot hold it.
      fc
        .tuple(fc.constantFrom(...seeds), fc.nat(), fc.constantFrom(NUL, `x${NUL}`, `${NUL}x`))
        .map(([seed, pick, nul]) => withNul(seed, pick, nul)),
    );
  }
  return fc.oneof(...options).map((v): FuzzBody => ({ kind: 'json', value: v }));
}

function bodyArbitrary(route: CatalogueRoute, known: KnownIds): fc.Arbitrary<FuzzBody> {
  if (route.method === 'GET') return fc.constant({ kind: 'none' } as FuzzBody);
  const key = `${route.method} ${route.url}`;
  const raw = fc
    .record({
      contentType: fc.constantFrom(
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        '',
      ),
      text: fc.oneof(
        fc.constantFrom(
          '{"name":',
          '{}',
          '[]',
          'null',
          '"\\u0000"',
          '{"__proto__":{"x":1}}',
          `{"name":"${'a'.repeat(2000)}"}`,
        ),
        fc.string({ maxLength: 60 }),
      ),
    })
    .map((r): FuzzBody => ({ kind: 'raw', ...r }));
  const options: fc.Arbitrary<FuzzBody>[] = [
    fc.constant({ kind: 'none' }),
    raw,
    jsonBodyArbitrary(key, known),
  ];
  const isUpload = key in UPLOAD_FIELDS;
  // Upload routes get multipart most of the time; every other route gets some too.
  options.push(multipartArbitrary(key));
  if (isUpload) options.push(multipartArbitrary(key), multipartArbitrary(key));
  return fc.oneof(...options);
}

function pathSegmentArbitrary(known: KnownIds): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...known.ids.map(String)),
    fc.constantFrom(
      ' 1',
      '+1',
      '0x1',
      '1e3',
      '-1',
      '0',
      '01',
      '1.0',
      '99999999999999999999',
      '2147483648',
      '%00',
      'a%00b',
      'abc',
      '..%2F..%2Fetc',
    ),
    fc.string({ maxLength: 12 }).map(encodeURIComponent),
  );
}

function queryArbitrary(route: CatalogueRoute, known: KnownIds): fc.Arbitrary<Record<string, string>> {
  const key = `${route.method} ${route.url}`;
  const textValue = fc.oneof(
    nastyText,
    fc.string({ maxLength: 12 }),
    nastyNumber.map(String),
    fc.constantFrom(...known.ids.map(String)),
  );
  const random = fc.dictionary(fc.constantFrom(...FIELD_NAMES), textValue, { maxKeys: 4 });
  const seeds = QUERY_SEEDS[key];
  if (!seeds) return fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 2, arbitrary: random });
  return fc.oneof(
    random,
    fc
      .tuple(
        fc.constantFrom(...seeds),
        fc.dictionary(fc.constantFrom(...Object.keys(seeds[0] ?? {})), textValue, { minKeys: 1, maxKeys: 2 }),
      )
      .map(([seed, changes]) => ({ ...seed, ...changes })),
    fc
      .tuple(fc.constantFrom(...seeds), fc.nat(), fc.constantFrom(NUL, `1${NUL}`))
      .map(([seed, pick, nul]) => {
        const keys = Object.keys(seed);
        const key = keys[pick % keys.length] ?? 'x';
        return { ...seed, [key]: `${seed[key] ?? ''}${nul}` };
      }),
  );
}

/** One fuzzed request against any route of the catalogue. */
export function fuzzCaseArbitrary(routes: CatalogueRoute[], known: KnownIds): fc.Arbitrary<FuzzCase> {
  return fc.constantFrom(...routes).chain((route) =>
    fc
      .record({
        caller: fc.constantFrom<Caller>(
          ...(route.url.startsWith('/api/v1')
            ? (['apiKey', 'apiKey', 'anonymous', 'creator'] as const)
            : (['admin', 'creator', 'viewer', 'anonymous'] as const)),
        ),
        foreignOrigin: fc.integer({ min: 0, max: 6 }).map((n) => n === 0),
        segments: fc.array(pathSegmentArbitrary(known), { minLength: 3, maxLength: 3 }),
        wildcard: fc.oneof(
          fc.constantFrom('', 'admin', 'listener', 'x/y/z', 'index.html', '%2e%2e/%2e%2e/etc/passwd'),
          fc.string({ maxLength: 10 }).map(encodeURIComponent),
        ),
        query: queryArbitrary(route, known),
        body: bodyArbitrary(route, known),
      })
      .map(({ caller, foreignOrigin, segments, wildcard, query, body }) => {
        let index = 0;
        let path = route.url.replace(/:[A-Za-z]+/g, () => segments[index++ % segments.length] ?? '1');
        if (path.endsWith('*')) path = `${path.slice(0, -1)}${wildcard}`;
        const search = new URLSearchParams(query).toString();
        return { route, caller, foreignOrigin, url: search ? `${path}?${search}` : path, body };
      }),
  );
}

/** The inject options for a case, given the caller's credentials. */
export function injectOptions(
  c: FuzzCase,
  credentials: Record<Caller, Record<string, string>>,
): InjectOptions {
  const headers: Record<string, string> = { ...credentials[c.caller] };
  if (c.foreignOrigin) headers.origin = 'https://evil.example';
  const base = { method: c.route.method, url: c.url, headers } as InjectOptions & {
    headers: Record<string, string>;
  };
  switch (c.body.kind) {
    case 'none':
      return base;
    case 'json':
      headers['content-type'] = 'application/json';
      return { ...base, payload: JSON.stringify(c.body.value) ?? 'null' };
    case 'raw':
      if (c.body.contentType) headers['content-type'] = c.body.contentType;
      return { ...base, payload: c.body.text };
    case 'multipart':
      headers['content-type'] = c.body.contentType;
      return { ...base, payload: c.body.bytes };
  }
}

/** A short description of a case for the failure list. */
export function describeCase(c: FuzzCase): string {
  const body =
    c.body.kind === 'json'
      ? JSON.stringify(c.body.value)?.slice(0, 200)
      : c.body.kind === 'raw'
        ? `${c.body.contentType}: ${JSON.stringify(c.body.text.slice(0, 100))}`
        : c.body.kind === 'multipart'
          ? `${c.body.contentType.slice(0, 80)} (${c.body.bytes.length} bytes)`
          : '';
  return `${c.caller} ${c.route.method} ${c.url.slice(0, 200)} ${body}`;
}
