// The reference point: a bare Fastify 5 route answering constant JSON, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { items: [], page: 1, pageSize: 20, total: 0 };
app.get('/api/constant', async () => body);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3999) });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
