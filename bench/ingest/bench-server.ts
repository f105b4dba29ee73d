import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';

// The real app, as apps/server/src/server.ts starts it, with one knob for the saturation phase:
// BENCH_DEVICE_PER_MINUTE raises the per-device budget so a few thousand devices can offer more
// than 1 detection a second each. Everything else (writer, limits, database) is the default.
const perMinute = Number(process.env.BENCH_DEVICE_PER_MINUTE ?? '0');
const config = loadConfig();
const app = await buildApp({
  config,
  logger: false,
  ...(perMinute > 0 ? { listener: { guardLimits: { devicePerMinute: perMinute } } } : {}),
});
const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());
await app.listen({ port: config.port, host: '127.0.0.1' });
