import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_DRIVERS } from '../test/databases.ts';
import { createTestApp, signUp, type TestApp } from '../test/test-app.ts';

const NUL = '\u0000';
const UPLOAD_ROUTES = [
  '/api/media/upload',
  '/api/media/upload-embed',
  '/api/media/upload-process-segment',
  '/api/cloudinary/upload',
];

// Each defect the attacker's probe found (issue 11, item 1), as a request and the 400 it now gets.
for (const driver of TEST_DRIVERS) {
  describe(`bad input is a clear 400 (${driver})`, () => {
    let t: TestApp;
    let cookie: string;
    let apiKey: string;
    let triggerId: number;

    beforeAll(async () => {
      t = await createTestApp(driver);
      ({ cookie } = await signUp(t.app));
      const key = await t.app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: { cookie },
        payload: { name: 'k' },
      });
      apiKey = key.json<{ key: string }>().key;
      const trigger = await t.app.inject({
        method: 'POST',
        url: '/api/triggers',
        headers: { cookie },
        payload: { name: 'Kept', type: 'CUSTOM', actionData: 'x' },
      });
      triggerId = trigger.json<{ id: number }>().id;
    });
    afterAll(async () => {
      await t?.close();
    });

    test.each([
      ['/api/auth/login', { email: `a${NUL}@example.com`, password: 'x' }, 'email'],
      ['/api/auth/register', { email: 'nul@example.com', password: `pass${NUL}word` }, 'password'],
      ['/api/triggers', { name: `T${NUL}`, type: 'CUSTOM', actionData: 'x' }, 'name'],
      ['/api/triggers', { name: 'T', description: `${NUL}`, type: 'CUSTOM', actionData: 'x' }, 'description'],
      ['/api/campaigns', { name: `C${NUL}` }, 'name'],
      ['/api/campaigns', { name: 'C', description: `d${NUL}` }, 'description'],
      ['/api/subscriptions', { planId: `pro${NUL}`, email: 'a@example.com', name: 'A' }, 'planId'],
      ['/api/create-payment-intent', { amount: 29, subscriptionId: `s${NUL}` }, 'subscriptionId'],
    ])('NUL in %s %j names the field', async (url, payload, field) => {
      const response = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { [field]: expect.any(String) } });
      expect(response.json<{ error: string }>().error).toContain(`${field}: Must not contain NUL`);
    });

    test('NUL in a public API trigger name is a 400 too', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/triggers',
        headers: { 'x-api-key': apiKey },
        payload: { name: `V${NUL}1`, frequencyPattern: [1000, 1200, 1500, 1800] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('name: Must not contain NUL');
    });

    test.each([
      ['startDate=0000-01-01'],
      ['endDate=2024-01-01T00:00:00%2B99:00'],
      ['startDate=%2B275760-09-13T00:00:00.000Z'],
      ['offset=99999999999999999999'],
      ['offset=-1'],
      ['limit=0x10'],
      ['triggerId=%201'],
    ])('activations with %s is a 400 on both list routes', async (query) => {
      for (const path of ['/api/activations', '/api/activations/page']) {
        const response = await t.app.inject({ method: 'GET', url: `${path}?${query}`, headers: { cookie } });
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(response.json<{ code: string }>().code).toBe('VALIDATION');
      }
    });

    const boundary = 'b0undary';
    const form = (b: string) =>
      `--${b}\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello\r\n` +
      `--${b}\r\nContent-Disposition: form-data; name="mediaFile"; filename="a.wav"\r\n\r\nRIFF\r\n--${b}--\r\n`;
    test.each([
      ['no boundary', 'multipart/form-data', form(boundary), 'names no boundary'],
      ['a wrong boundary', 'multipart/form-data; boundary=other', form(boundary), 'closing boundary'],
      [
        'no closing boundary',
        `multipart/form-data; boundary=${boundary}`,
        form(boundary).slice(0, -14),
        'closing',
      ],
      ['a garbage body', `multipart/form-data; boundary=${boundary}`, `${NUL}garbage\r\n--\r\n`, 'closing'],
      [
        'a 300-character boundary',
        `multipart/form-data; boundary=${'b'.repeat(300)}`,
        form('b'.repeat(300)),
        'longer than 256',
      ],
    ])('an upload with %s is a 400 on every upload route', async (_name, contentType, payload, says) => {
      for (const url of UPLOAD_ROUTES) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { cookie, 'content-type': contentType },
          payload,
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json<{ error: string }>().error, url).toContain(says);
      }
    });

    test('NUL in a multipart title or file name names the field', async () => {
      const title = form(boundary).replace('hello', `he${NUL}llo`);
      const filename = form(boundary).replace('a.wav', `a${NUL}.wav`);
      for (const [payload, field] of [
        [title, 'title'],
        [filename, 'mediaFile'],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/media/upload',
          headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ fields: { [field]: 'Must not contain NUL characters' } });
      }
    });

    test.each([' 1', '+1', '0x1', '1e0', '1.0', ''])(
      "id '%s' is a 400 and deletes nothing",
      async (spelling) => {
        const id = spelling === '' ? '' : spelling.replace('1', String(triggerId));
        const response = await t.app.inject({
          method: 'DELETE',
          url: `/api/triggers/${encodeURIComponent(id)}`,
          headers: { cookie },
        });
        expect([400, 404]).toContain(response.statusCode);
        if (spelling !== '') expect(response.json<{ error: string }>().error).toContain('digits');
        const kept = await t.app.inject({
          method: 'GET',
          url: `/api/triggers/${triggerId}`,
          headers: { cookie },
        });
        expect(kept.statusCode).toBe(200);
      },
    );
  });
}
