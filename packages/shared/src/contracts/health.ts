import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

/** Liveness for load balancers (public). */

/** The health answer: the same body for 200 (`ok`) and 503 (`degraded`). */
const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }),
    uptimeSeconds: z.number(),
  })
  .meta({ id: 'Health' });

/**
 * 200 `{ status: 'ok', database: { kind, reachable: true }, uptimeSeconds }` when a trivial query
 * answers within 2 s, else 503 with the same body and `status: 'degraded'` (not the error body,
 * so `errors` lists nothing: the server's route declares that 503 itself).
 */
export const checkHealth = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  tag: 'platform',
  summary: 'Liveness and database reachability',
  responses: { 200: HealthSchema },
  errors: [],
});
