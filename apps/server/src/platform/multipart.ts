import { Socket } from 'node:net';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, IMAGE_UPLOAD_MAX_BYTES } from '@bazaar/shared';
import { AppError } from './errors.js';

/**
 * Bytes a form may spend besides its files: 50 text fields of at most 10,000 bytes each, plus the
 * part headers and boundaries.
 */
const FORM_OVERHEAD_BYTES = 1_048_576;

/**
 * Requests refused for their body's size before it was read to the end: once their answer is
 * written the connection is closed (`registerMultipart`), so Node does not go on reading, and
 * throwing away, whatever the client still sends (docs/security.md V5.2).
 */
const unreadBodies = new WeakSet<FastifyRequest>();

/** How long a refused body's connection stays half-open after the answer, at most (ms). */
const LINGER_MS = 1000;
/** How many more body bytes are read (and thrown away) while it does, at most. */
const LINGER_MAX_BYTES = 2_097_152;

/**
 * Closes the connection of a request whose body was refused unread: first only our side (the
 * answer, then end of stream), still reading and discarding what the client sends for at most
 * LINGER_MS and LINGER_MAX_BYTES, then for good. Closing at once with unread bytes makes the
 * kernel reset the connection, and a client still sending loses the 413 it was sent (the
 * "lingering close" of nginx and Apache); never closing would read an endless body for ever.
 */
function lingerThenClose(request: FastifyRequest): void {
  const body = request.raw;
  const socket = body.socket;
  // `app.inject` (tests) answers over a stand-in that is no network connection.
  if (!(socket instanceof Socket)) return;
  let lingered = 0;
  const close = () => socket.destroy();
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  body.on('data', (chunk: Buffer) => {
    lingered += chunk.length;
    if (lingered > LINGER_MAX_BYTES) close();
  });
  body.resume();
  socket.end();
}

/**
 * Registers `@fastify/multipart` in `scope` (the modules that read multipart forms) with the
 * hook that closes the connection after a multipart body refused for its size (lingerThenClose),
 * as Fastify does itself for a JSON body over `bodyLimit`.
 */
export async function registerMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyMultipart);
  scope.addHook('onResponse', async (request) => {
    if (unreadBodies.has(request)) lingerThenClose(request);
  });
}

/**
 * Refuses a request whose declared `Content-Length` is over `maxBytes` before a byte of its body
 * is read (a 50 MB upload is answered 413 at once, nothing buffered or stored). A body sent
 * without a length (chunked) is stopped by `capBody` as it streams in.
 * @throws AppError 413 PAYLOAD_TOO_LARGE on `field`.
 */
function refuseDeclaredOversize(
  request: FastifyRequest,
  maxBytes: number,
  field: string,
  message: string,
): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    unreadBodies.add(request);
    throw new AppError('PAYLOAD_TOO_LARGE', message, { [field]: message });
  }
}

/**
 * Runs `read` (the parts loop) while counting the bytes of the whole request body, whatever its
 * framing: a chunked body that never reaches a boundary, or one endless part, passes no per-file
 * or per-field limit and would otherwise be read for as long as the client sends. Past
 * `maxBytes` the body is unpiped from the parser (no more is parsed or kept), the request marked
 * so its answer closes the connection (which stops the reading), and `tooLarge()` thrown.
 * @param maxBytes every file allowed at its limit plus FORM_OVERHEAD_BYTES.
 * @throws the error of `tooLarge()` past `maxBytes`, else whatever `read` throws.
 */
async function capBody<T>(
  request: FastifyRequest,
  maxBytes: number,
  tooLarge: () => AppError,
  read: () => Promise<T>,
): Promise<T> {
  const body = request.raw;
  let received = 0;
  let onData: ((chunk: Buffer) => void) | undefined;
  const exceeded = new Promise<never>((_resolve, reject) => {
    onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= maxBytes) return;
      body.removeListener('data', onData!);
      body.unpipe();
      // Discarded, not parsed or kept, until the answer is written and lingerThenClose closes
      // the connection.
      body.resume();
      unreadBodies.add(request);
      reject(tooLarge());
    };
  });
  const reading = read();
  // The parser pipes the body on the loop's first step, run synchronously by `read()` above;
  // listening only now never puts the body in flowing mode before the parser is attached.
  body.on('data', onData!);
  try {
    return await Promise.race([reading, exceeded]);
  } finally {
    body.removeListener('data', onData!);
    // A loop left waiting on the unpiped parser settles when the connection closes; its
    // outcome no longer matters.
    reading.catch(() => undefined);
  }
}

/** Longest text field of a form, in bytes (the parser's `fieldSize` limit). */
const FIELD_MAX_BYTES = 10_000;

/**
 * A text field's value; one cut at FIELD_MAX_BYTES by the parser is refused rather than
 * silently shortened.
 * @throws AppError 400 naming the field.
 */
function fieldText(name: string, value: unknown, truncated: boolean): string {
  if (truncated) {
    const message = `At most ${FIELD_MAX_BYTES} characters`;
    throw new AppError('VALIDATION_FAILED', `${name}: ${message}`, { [name]: message });
  }
  return String(value);
}

/**
 * What a failure while reading the parts becomes: our own refusals and the parser's limits
 * (Fastify 4xx errors, answered by the error handler) stay; anything else comes from the parser
 * reading the client's bytes (no boundary, a malformed part header, a body cut short), so it is
 * the client's mistake: 400, not a 500.
 */
function asFormError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return new AppError('VALIDATION_FAILED', 'The form could not be read; send it again');
}

/**
 * Reads one file part into memory, refusing it the moment it passes IMAGE_UPLOAD_MAX_BYTES: the
 * parser's `limit` event rejects at once, rather than after the rest of the part (say 45 MB more)
 * has streamed in and been thrown away, as `part.toBuffer()` would. What the client sends
 * meanwhile is discarded until the answer is written, which closes the connection
 * (`registerMultipart`); draining the rest of an endless body would never end.
 * @throws the error of `tooLarge()` for a file over the limit.
 */
function readFilePart(
  request: FastifyRequest,
  part: MultipartFile,
  tooLarge: () => AppError,
): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    part.file.on('data', (chunk: Buffer) => chunks.push(chunk));
    part.file.once('limit', () => {
      chunks.length = 0;
      part.file.destroy();
      request.raw.unpipe();
      request.raw.resume();
      unreadBodies.add(request);
      reject(tooLarge());
    });
    part.file.once('end', () => {
      if (part.file.truncated) reject(tooLarge());
      else resolve(Buffer.concat(chunks));
    });
    part.file.once('error', reject);
  });
}

/** The text fields and the one file of a multipart form. */
export interface MultipartForm {
  fields: Record<string, string>;
  file: Buffer | undefined;
}

/**
 * Reads a `multipart/form-data` request: every text field as a string (the last value wins) and
 * the file of `fileField` into memory, at most IMAGE_UPLOAD_MAX_BYTES (5 MB). Other files are
 * refused. The caller validates `fields` with the shared zod schema.
 * @throws AppError 415 when the request is not multipart, 413 when the file is too large or the
 *   whole body is over 5 MB plus 1 MB of fields (declared: before reading it; chunked: once that
 *   much has arrived; the connection is then closed), 400 for a file under another name.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  fileField: string,
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send this form as multipart/form-data');
  }
  refuseDeclaredOversize(
    request,
    IMAGE_UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES,
    fileField,
    ACCOUNT_MESSAGES.imageTooLarge,
  );
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  const tooLarge = () => {
    const message = ACCOUNT_MESSAGES.imageTooLarge;
    return new AppError('PAYLOAD_TOO_LARGE', message, { [fileField]: message });
  };
  try {
    await capBody(request, IMAGE_UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES, tooLarge, async () => {
      for await (const part of request.parts({
        limits: {
          fileSize: IMAGE_UPLOAD_MAX_BYTES,
          files: 1,
          fields: 50,
          fieldSize: FIELD_MAX_BYTES,
        },
      })) {
        if (part.type === 'file') {
          if (part.fieldname !== fileField) {
            part.file.resume();
            throw new AppError('VALIDATION_FAILED', `Unexpected file '${part.fieldname}'`, {
              [part.fieldname]: 'Unexpected file',
            });
          }
          file = await readFilePart(request, part, tooLarge);
        } else {
          fields[part.fieldname] = fieldText(part.fieldname, part.value, part.valueTruncated);
        }
      }
    });
  } catch (error) {
    throw asFormError(error);
  }
  return { fields, file };
}

/** The text fields and the files (in the order sent) of a multipart form. */
export interface MultipartFilesForm {
  fields: Record<string, string>;
  files: Buffer[];
}

/**
 * Reads a `multipart/form-data` request with several files under one field name (product
 * images): every text field as a string (the last value wins) and each file of `fileField` into
 * memory, each at most IMAGE_UPLOAD_MAX_BYTES (5 MB), at most `maxFiles` files. The caller
 * checks the files' content and validates `fields` with the shared zod schema.
 * @throws AppError 415 when the request is not multipart, 413 when a file is too large or the
 *   whole body is over `maxFiles` x 5 MB plus 1 MB (declared: before reading it; chunked: once
 *   that much has arrived; the connection is then closed), 400 for a file under another name or
 *   more than `maxFiles` files (message `tooManyMessage`).
 */
export async function readMultipartFiles(
  request: FastifyRequest,
  fileField: string,
  maxFiles: number,
  tooManyMessage = `At most ${maxFiles} files can be sent`,
): Promise<MultipartFilesForm> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send this form as multipart/form-data');
  }
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  const tooLarge = () => {
    const message = 'Each image must be at most 5 MB';
    return new AppError('PAYLOAD_TOO_LARGE', message, { [fileField]: message });
  };
  const tooMany = () =>
    new AppError('VALIDATION_FAILED', tooManyMessage, { [fileField]: tooManyMessage });
  refuseDeclaredOversize(
    request,
    maxFiles * IMAGE_UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES,
    fileField,
    'Each image must be at most 5 MB',
  );
  try {
    await capBody(
      request,
      maxFiles * IMAGE_UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES,
      tooLarge,
      async () => {
        for await (const part of request.parts({
          // One more than allowed, so "too many" is told apart from the last allowed file.
          limits: {
            fileSize: IMAGE_UPLOAD_MAX_BYTES,
            files: maxFiles + 1,
            fields: 50,
            fieldSize: FIELD_MAX_BYTES,
          },
        })) {
          if (part.type === 'file') {
            if (part.fieldname !== fileField) {
              part.file.resume();
              throw new AppError('VALIDATION_FAILED', `Unexpected file '${part.fieldname}'`, {
                [part.fieldname]: 'Unexpected file',
              });
            }
            if (files.length >= maxFiles) {
              part.file.resume();
              throw tooMany();
            }
            files.push(await readFilePart(request, part, tooLarge));
          } else {
            fields[part.fieldname] = fieldText(part.fieldname, part.value, part.valueTruncated);
          }
        }
      },
    );
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw tooMany();
    throw asFormError(error);
  }
  return { fields, files };
}
