import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';

const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }),
    uptimeSeconds: z.number(),
  })
  .meta({ id: 'Health' });

/**
 * `GET /api/health`: 200 `{ status: 'ok', database: { kind, reachable: true } }` when a trivial
 * query answers within 2 s, else 503 with `status: 'degraded'` (for load balancers).
 */
export const healthRoutes =
  (database: Pick<Database, 'kind' | 'ping'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        config: { access: 'public' },
        schema: {
          tags: ['platform'],
          summary: 'Liveness and database reachability',
          response: { 200: HealthSchema, 503: HealthSchema },
        },
      },
      async (_request, reply) => {
        const reachable = await database.ping(2_000);
        return reply.status(reachable ? 200 : 503).send({
          status: reachable ? 'ok' : 'degraded',
          database: { kind: database.kind, reachable },
          uptimeSeconds: Math.round(process.uptime()),
        });
      },
    );
  };
