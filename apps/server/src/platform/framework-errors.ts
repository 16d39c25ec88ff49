import type { Socket } from 'node:net';
import type { FastifyReply } from 'fastify';
import { errorBody } from './errors.js';

/*
 * Errors Fastify meets before any route or error handler runs, answered in the API's error format
 * (`{ error: { code, message } }`) like every other refusal. Passed to the Fastify constructor
 * (`frameworkErrors`, `clientErrorHandler`) by app.ts.
 */

/** A malformed URL or an over-long parameter: 400 VALIDATION_FAILED with Fastify's message. */
export function answerFrameworkError(error: Error, _request: unknown, reply: unknown): void {
  void (reply as FastifyReply).status(400).send(errorBody('VALIDATION_FAILED', error.message));
}

/**
 * A request too broken to parse at all, answered on the socket itself: 431 when its headers are
 * too large, else 400; the connection is closed.
 */
export function answerClientError(error: Error, socket: Socket): void {
  if (!socket.writable) return;
  const tooLarge = (error as { code?: string }).code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify(
    tooLarge
      ? errorBody('PAYLOAD_TOO_LARGE', 'The request headers are too large')
      : errorBody('VALIDATION_FAILED', 'The request could not be read'),
  );
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
      `Connection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
