import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '../../plugins/error-handler.ts';
import { SDK_TARBALL, sdkRoutes } from './sdk-routes.ts';

describe('/sdk files', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'tonemark-sdk-routes-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, 'dist'));
  mkdirSync(path.join(root, 'example'));
  writeFileSync(path.join(root, 'dist/tonemark.js'), 'var Tonemark={};');
  writeFileSync(path.join(root, 'example/example.html'), '<!doctype html>');

  const app = async () => {
    const server = Fastify();
    await server.register(errorHandlerPlugin);
    await server.register(sdkRoutes, { root });
    return server;
  };

  it('serves the script-tag build and the example with their types', async () => {
    const server = await app();
    const script = await server.inject({ method: 'GET', url: '/sdk/tonemark.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toBe('var Tonemark={};');
    const page = await server.inject({ method: 'GET', url: '/sdk/example.html' });
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await server.inject({ method: 'GET', url: '/sdk' })).headers.location).toBe('/sdk/example.html');
  });

  it('answers 404 for files it does not offer, or has not built', async () => {
    const server = await app();
    for (const url of [
      '/sdk/secret.txt',
      '/sdk/..%2Fpackage.json',
      `/sdk/${SDK_TARBALL}`,
      '/sdk/tonemark.mjs',
    ]) {
      const response = await server.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });
});
