import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, IMAGE_UPLOAD_MAX_BYTES } from '@bazaar/shared';
import { AppError } from './errors.js';

/** The text fields and the one file of a multipart form. */
export interface MultipartForm {
  fields: Record<string, string>;
  file: Buffer | undefined;
}

/**
 * Reads a `multipart/form-data` request: every text field as a string (the last value wins) and
 * the file of `fileField` into memory, at most IMAGE_UPLOAD_MAX_BYTES (5 MB). Other files are
 * refused. The caller validates `fields` with the shared zod schema.
 * @throws AppError 415 when the request is not multipart, 413 when the file is too large, 400
 *   for a file under another name.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  fileField: string,
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send this form as multipart/form-data');
  }
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  for await (const part of request.parts({
    limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 50, fieldSize: 10_000 },
  })) {
    if (part.type === 'file') {
      if (part.fieldname !== fileField) {
        part.file.resume();
        throw new AppError('VALIDATION_FAILED', `Unexpected file '${part.fieldname}'`, {
          [part.fieldname]: 'Unexpected file',
        });
      }
      const tooLarge = () => {
        const message = ACCOUNT_MESSAGES.imageTooLarge;
        return new AppError('PAYLOAD_TOO_LARGE', message, { [fileField]: message });
      };
      try {
        file = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      }
      if (part.file.truncated) throw tooLarge();
    } else {
      fields[part.fieldname] = String(part.value);
    }
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
 * @throws AppError 415 when the request is not multipart, 413 when a file is too large, 400 for
 *   a file under another name or more than `maxFiles` files (message `tooManyMessage`).
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
  try {
    for await (const part of request.parts({
      // One more than allowed, so "too many" is told apart from the last allowed file.
      limits: {
        fileSize: IMAGE_UPLOAD_MAX_BYTES,
        files: maxFiles + 1,
        fields: 50,
        fieldSize: 10_000,
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
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        files.push(bytes);
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw tooMany();
    throw error;
  }
  return { fields, files };
}
