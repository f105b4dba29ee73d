import type { FastifyInstance, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';

export interface CatalogueRoute {
  method: HTTPMethods;
  /** The route's pattern, e.g. /api/triggers/:id. */
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app serves, filled as routes are added: the fuzz test walks it. */
    routeCatalogue: CatalogueRoute[];
  }
}

/** Registered first so every later route (whoever adds it) lands in the catalogue. */
export const routeCataloguePlugin = fp(
  async (app: FastifyInstance) => {
    const routes: CatalogueRoute[] = [];
    app.decorate('routeCatalogue', routes);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) routes.push({ method, url: route.url });
    });
  },
  { name: 'route-catalogue' },
);
