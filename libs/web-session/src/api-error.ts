export const NETWORK_ERROR = 'NETWORK_ERROR';
export const TIMEOUT = 'TIMEOUT';

/** Every failed call surfaces as an ApiError carrying the service's stable `code`, so the UI maps codes, not prose. */
export class ApiError extends Error {
  readonly code: string;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** The input field the service said the error is about (e.g. `email`), when it said one. */
  readonly field: string | undefined;

  constructor(code: string, message: string, status: number, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.field = field;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; field?: unknown };
}

/** Reads the `{ error: { code, message } }` body; falls back to an HTTP_<status> code when the body is not ours. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: ErrorBody | null = null;
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    body = null;
  }
  const code = typeof body?.error?.code === 'string' ? body.error.code : `HTTP_${response.status}`;
  const message =
    typeof body?.error?.message === 'string'
      ? body.error.message
      : response.statusText || `Request failed with status ${response.status}`;
  const field = typeof body?.error?.field === 'string' && body.error.field ? body.error.field : undefined;
  return new ApiError(code, message, response.status, field);
}

/**
 * The link itself is wrong: the service refused the id in it (400, a malformed code) or has no such
 * thing (404). Asking again will not help, and it is not the connection.
 */
export function isInvalidLink(error: unknown): boolean {
  return isApiError(error) && (error.status === 400 || error.status === 404);
}
