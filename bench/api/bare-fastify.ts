import Fastify from 'fastify';

// The yardstick of the HTTP ratios: Fastify's hello world in its own process, as the app runs.
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
