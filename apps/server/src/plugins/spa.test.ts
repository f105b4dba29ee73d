import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('SPA serving and error handling', () => {
  let t: TestApp;
  let distDir = '';
  beforeAll(async () => {
    // A stand-in build: createTestApp's DATA_DIR is fresh, so build a dist inside it first.
    const probe = await createTestApp('postgres');
    const dist = path.join(probe.dataDir, '..', `dist-${path.basename(probe.dataDir)}`);
    await probe.close();
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root">tonemark</div>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    distDir = dist;
    t = await createTestApp('postgres', { WEB_DIST_DIR: dist });
  });
  afterAll(async () => t.close());

  it('answers the health check', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it.each(['/', '/admin', '/admin/manage-triggers', '/edit-trigger/3', '/listener?x=1', '/no/such/page'])(
    'serves index.html for client route %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('tonemark');
    },
  );

  it('serves built assets with their content type', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it('serves an asset written by a rebuild after start-up, and nothing outside the build', async () => {
    writeFileSync(path.join(distDir, 'assets', 'rebuilt-abc123.js'), 'console.log(2)');
    const fresh = await t.app.inject({ method: 'GET', url: '/assets/rebuilt-abc123.js' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toBe('console.log(2)');
    for (const url of ['/assets/../../package.json', '/%2e%2e/%2e%2e/package.json', '/assets/%E0%A4%A.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain('"name"');
    }
  });

  it('keeps JSON 404s for unknown API routes', async () => {
    for (const url of ['/api/nope', '/api', '/ws/x', '/assets/old-hash.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('refuses a non-JSON content type with a 4xx, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>x</email>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe('Unsupported content type: send application/json');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=x',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toBe('Expected object, received string');
  });
});
