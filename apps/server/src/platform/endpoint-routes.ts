import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import {
  ErrorBodySchema,
  type EndpointDefinition,
  type EndpointRequestParts,
  type EndpointResponse,
} from '@bazaar/shared';

/** The request a handler of endpoint E receives, typed from its contract's schemas. */
export type EndpointRequest<E extends EndpointDefinition> = FastifyRequest<{
  Params: EndpointRequestParts<E>['params'];
  Querystring: EndpointRequestParts<E>['query'];
  Body: EndpointRequestParts<E>['body'];
}>;

/**
 * A handler of endpoint E: answers the contract's success body (the status is the contract's,
 * set before the handler runs), or sends its own reply (a PDF, a redirect) and returns it.
 */
export type EndpointHandler<E extends EndpointDefinition> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointResponse<E> | FastifyReply> | EndpointResponse<E> | FastifyReply;

/** Route options besides the contract: who may call (`config.access`) and per-route limits. */
export interface EndpointRouteOptions {
  config: FastifyContextConfig & { rateLimit?: unknown };
  bodyLimit?: number;
}

/** The success statuses in the order a contract's first one is picked. */
const SUCCESS_STATUSES = [200, 201, 202, 204] as const;

/**
 * Registers the Fastify route of a shared endpoint contract: method, path, the zod schemas for
 * validation and serialisation (and so the OpenAPI operation), every declared error status
 * answering the shared error body, and the access declared in `options.config`.
 * @example route(app, billsApi.createBill, { config: staff }, (request) => bills.create(...))
 */
export function route<const E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  options: EndpointRouteOptions,
  handler: EndpointHandler<E>,
): void {
  const response: Record<number, unknown> = { ...endpoint.responses };
  for (const status of endpoint.errors) response[status] = ErrorBodySchema;
  const successStatus = SUCCESS_STATUSES.find((status) => endpoint.responses[status]) ?? 200;
  const schema = {
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
    response,
  };
  const untyped = handler as unknown as RouteOptions['handler'];
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema,
    config: options.config as FastifyContextConfig,
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    handler:
      successStatus === 200
        ? untyped
        : function answerWithContractStatus(this: FastifyInstance, request, reply) {
            void reply.status(successStatus);
            return untyped.call(this, request, reply);
          },
  });
}
