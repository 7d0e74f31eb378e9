/** An error with NetBox's status and body (and headers, if any); the exception filter renders it as is. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'object' && body && 'detail' in body ? String((body as { detail: unknown }).detail) : `HTTP ${status}`);
  }
}

/** 400 keyed by field (`{"name": ["..."]}`), a list of those for a bulk body, or a list of messages about the request. */
export class ValidationError extends ApiError {
  constructor(body: Record<string, unknown> | Record<string, unknown>[] | string[]) {
    super(400, body);
  }
}

export class NotFoundError extends ApiError {
  constructor() {
    super(404, { detail: 'Not found.' });
  }
}

export class PermissionDeniedError extends ApiError {
  constructor(detail = 'You do not have permission to perform this action.') {
    super(403, { detail });
  }
}

export class ConflictError extends ApiError {
  constructor(detail: string) {
    super(409, { detail });
  }
}

/** 412: the object is no longer as If-Match says the client read it; the answer names its current ETag (NetBox 4.6). */
export class PreconditionFailedError extends ApiError {
  constructor(etag: string) {
    super(412, { detail: 'Precondition failed.' }, { ETag: etag });
  }
}

export function detailError(status: number, detail: string): ApiError {
  return new ApiError(status, { detail });
}
