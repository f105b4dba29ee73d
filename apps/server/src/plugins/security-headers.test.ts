import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('browser security headers', () => {
  let t: TestApp;
  let dist = '';
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'tonemark-dist-'));
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root">tonemark</div>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp('postgres', { WEB_DIST_DIR: dist, TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/admin',
    '/admin/manage-triggers',
    '/assets/app.js',
    '/api/health',
    '/api/auth/me',
    '/api/nope',
  ])('%s carries the CSP, nosniff, a referrer policy and refuses framing', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBeLessThan(500);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('lets the AudioWorklet blob, the service worker and Stripe through the CSP', async () => {
    const csp = String(
      (await t.app.inject({ method: 'GET', url: '/listener' })).headers['content-security-policy'],
    );
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toContain('blob:');
    expect(directive('script-src')).toContain('https://js.stripe.com');
    expect(directive('worker-src')).toContain("'self'");
    expect(directive('frame-src')).toContain('https://js.stripe.com');
    expect(directive('connect-src')).toContain('https://api.stripe.com');
  });

  it('sends HSTS only over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
  });
});
