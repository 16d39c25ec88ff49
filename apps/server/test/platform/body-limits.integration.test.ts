import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_MAX_BYTES } from '@bazaar/shared';
import { createTestApp, type TestContext } from '../support/test-app.js';

/*
 * Request body limits over a real socket (docs/security.md V5.2): a body sent chunked, without a
 * length, is read only up to its route's limit, then answered 413 in the error format and the
 * connection is closed, so a client streaming without end cannot keep the server reading.
 */

let ctx: TestContext;
let origin: string;
/** The server side of the test's connection (the one open at a time), to read its bytesRead. */
let serverSocket: Socket | undefined;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  ctx.app.server.on('connection', (socket: Socket) => {
    serverSocket = socket;
  });
});

afterAll(async () => {
  await ctx?.close();
});

const MB = 1024 * 1024;
/** What the hostile client offers to send: far more than any limit. */
const ENDLESS_BYTES = 64 * MB;

interface EndlessAnswer {
  status: number;
  body: string;
  /** Body bytes handed to the socket when the answer arrived. */
  sentWhenAnswered: number;
  /** Body bytes handed to the socket when the server closed the connection (or all were sent). */
  sentWhenClosed: number;
  /** Bytes the server read from the connection, headers included, once it was closed. */
  serverRead: number;
}

/**
 * Sends `head`, then filler bytes chunked (no Content-Length) up to ENDLESS_BYTES, waiting for
 * the socket to drain, and keeps sending after the answer: it stops only when the server closes
 * the connection. A server that went on reading would take all 64 MB.
 */
function sendEndless(
  path: string,
  headers: Record<string, string>,
  head: Buffer,
  filler: number,
): Promise<EndlessAnswer> {
  return new Promise<EndlessAnswer>((resolve, reject) => {
    let sent = 0;
    let answer: { status: number; body: string; sentWhenAnswered: number } | undefined;
    let finished = false;
    let reading = false;
    const request = http.request(new URL(path, origin), {
      method: 'POST',
      headers: { ...headers, 'transfer-encoding': 'chunked' },
    });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`${path}: no answer or close after ${sent} bytes`));
    }, 30_000);
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      if (!answer) reject(new Error(`${path}: closed without an answer after ${sent} bytes`));
      else resolve({ ...answer, sentWhenClosed: sent, serverRead: serverSocket?.bytesRead ?? -1 });
    };
    request.on('response', (response) => {
      // Reads the whole answer before sending more, as a browser would; then goes on sending.
      reading = true;
      const sentWhenAnswered = sent;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        answer = {
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          sentWhenAnswered,
        };
        reading = false;
        if (request.socket?.destroyed) finish();
        else pump();
      });
    });
    request.on('close', finish);
    request.on('error', () => finish());
    const chunk = Buffer.alloc(256 * 1024, filler);
    request.write(head);
    sent += head.length;
    function pump(): void {
      if (finished || reading || request.destroyed) return;
      if (sent >= ENDLESS_BYTES) {
        request.destroy();
        return;
      }
      sent += chunk.length;
      if (request.write(chunk)) setImmediate(pump);
      else request.once('drain', pump);
    }
    pump();
  });
}

function expectTooLarge(answer: EndlessAnswer, limit: number, where: string): void {
  const summary = `${where}: answered ${answer.status} after ${answer.sentWhenAnswered} bytes sent, closed after ${answer.sentWhenClosed} sent, ${answer.serverRead} read by the server`;
  expect(answer.status, summary).toBe(413);
  const body = JSON.parse(answer.body) as { error: { code: string; message: string } };
  expect(body.error.code, summary).toBe('PAYLOAD_TOO_LARGE');
  expect(body.error.message, summary).toEqual(expect.any(String));
  // The server stopped reading before twice the limit (what was in flight while the answer was
  // written, and at most 1 MB more while the connection closes) and closed the connection: the
  // client could hand over little more than what sat in socket buffers, far from the 64 MB.
  expect(answer.serverRead, summary).toBeGreaterThan(limit);
  expect(answer.serverRead, summary).toBeLessThan(Math.max(2 * limit, limit + 3 * MB));
  expect(answer.sentWhenClosed, summary).toBeLessThan(2 * limit + 8 * MB);
}

describe('request bodies sent chunked, without a length', () => {
  it('stops a multipart body that never reaches a boundary at the form limit, with 413', async () => {
    const boundary = 'bazaar-boundary-never-sent';
    const answer = await sendEndless(
      '/api/auth/register/seller',
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
      Buffer.from('no boundary here\r\n'),
      0x41,
    );
    // One shop image plus 1 MB of fields and part overhead.
    expectTooLarge(answer, IMAGE_UPLOAD_MAX_BYTES + MB, 'seller registration');
  }, 60_000);

  it('stops a multipart body with an endless text field at the form limit, with 413', async () => {
    const boundary = 'bazaar-boundary';
    const answer = await sendEndless(
      '/api/auth/register/seller',
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="shopName"\r\n\r\n`),
      0x41,
    );
    expectTooLarge(answer, IMAGE_UPLOAD_MAX_BYTES + MB, 'seller registration field');
  }, 60_000);

  it('stops a JSON body over the 1 MB limit with 413', async () => {
    const answer = await sendEndless(
      '/api/contact-messages',
      { 'content-type': 'application/json' },
      Buffer.from('{"name":"'),
      0x61,
    );
    expectTooLarge(answer, MB, 'contact message');
  }, 60_000);
});
