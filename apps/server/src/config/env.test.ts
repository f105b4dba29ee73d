import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('defaults to port 5000, ./data and the embedded PostgreSQL', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT: Expected number, received nan/],
    [{ PORT: '70000' }, /PORT: Number must be less than or equal to 65535/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL: Invalid enum value/],
    [{ COOKIE_SECURE: 'maybe' }, /COOKIE_SECURE/],
  ])('names the bad variable (%o)', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(5000);
  });

  it('reads the media settings: private URLs off and a 100 MB limit by default', () => {
    expect(loadConfig({}).media).toMatchObject({
      allowPrivateUrls: false,
      maxUploadBytes: 100 * 1024 * 1024,
    });
    expect(loadConfig({ ALLOW_PRIVATE_MEDIA_URLS: 'true' }).media.allowPrivateUrls).toBe(true);
    expect(() => loadConfig({ ALLOW_PRIVATE_MEDIA_URLS: 'yes' })).toThrow(/ALLOW_PRIVATE_MEDIA_URLS/);
    expect(() => loadConfig({ MEDIA_JOB_CONCURRENCY: '0' })).toThrow(/MEDIA_JOB_CONCURRENCY/);
  });
});
