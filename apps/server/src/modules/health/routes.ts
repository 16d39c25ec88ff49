import type { FastifyPluginAsync } from 'fastify';
import { healthApi } from '@bazaar/shared';
import type { Database } from '../../db/client.js';

const { checkHealth } = healthApi;

/**
 * The health route, from `@bazaar/shared`'s `healthApi.checkHealth`. It is registered with
 * `app.route` rather than `route()`: its 503 answers the health body itself (status `degraded`),
 * which load balancers read, not the shared error body that `route()` gives error statuses.
 */
export const healthRoutes =
  (database: Pick<Database, 'kind' | 'ping'>): FastifyPluginAsync =>
  async (app) => {
    const HealthSchema = checkHealth.responses[200];
    app.route({
      method: checkHealth.method,
      url: checkHealth.path,
      config: { access: 'public' },
      schema: {
        tags: [checkHealth.tag],
        summary: checkHealth.summary,
        response: { 200: HealthSchema, 503: HealthSchema },
      },
      handler: async (_request, reply) => {
        const reachable = await database.ping(2_000);
        return reply.status(reachable ? 200 : 503).send({
          status: reachable ? 'ok' : 'degraded',
          database: { kind: database.kind, reachable },
          uptimeSeconds: Math.round(process.uptime()),
        });
      },
    });
  };
