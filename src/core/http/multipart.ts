import type { Request } from 'express';
import multer from 'multer';
import { ApiError } from './errors';

/** Form fields beside the file: a few short values. */
const FORM_LIMITS = { files: 1, fields: 50, parts: 51, fieldSize: 64 * 1024 };

/** DRF's FileField, given a value that is not a file, or none. */
export const NOT_A_FILE = 'The submitted data was not a file. Check the encoding type on the form.';
export const NO_FILE = 'No file was submitted.';
/** A file over MAX_UPLOAD_SIZE. */
export const tooLarge = (limit: number) => `Ensure this file is no larger than ${limit} bytes.`;

/** A file a multipart form carried. */
export interface FormFile {
  bytes: Buffer;
  /** The client's file name, without any directory. */
  filename: string;
}

/**
 * A multipart form's fields, and the file under `field`, read as DRF's MultiPartParser reads them: a field given twice
 * counts once, its last value (Django's QueryDict); a file over `maxBytes` is a 413 keyed by `field`.
 */
export async function readForm(req: Request, field: string, maxBytes: number): Promise<{ body: Record<string, unknown>; file?: FormFile }> {
  const form = multer({ storage: multer.memoryStorage(), limits: { ...FORM_LIMITS, fileSize: maxBytes }, defParamCharset: 'utf8' });
  await new Promise<void>((resolve, reject) => form.single(field)(req, req.res!, (e?: unknown) => (e ? reject(formError(e, field, maxBytes)) : resolve())));
  const body: Record<string, unknown> = Object.fromEntries(Object.entries({ ...req.body }).map(([k, v]) => [k, Array.isArray(v) ? v[v.length - 1] : v]));
  return req.file ? { body, file: { bytes: req.file.buffer, filename: req.file.originalname ?? '' } } : { body };
}

/** A form that cannot be read: 413 for a file over the limit, else DRF's parse error. */
function formError(e: unknown, field: string, maxBytes: number): ApiError {
  if (e instanceof multer.MulterError && e.code === 'LIMIT_FILE_SIZE') return new ApiError(413, { [field]: [tooLarge(maxBytes)] });
  const message = e instanceof multer.MulterError && e.field ? `${e.message}: ${e.field}` : e instanceof Error ? e.message : String(e);
  return new ApiError(400, { detail: `Multipart form parse error - ${message}` });
}
