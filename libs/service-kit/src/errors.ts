import { ErrorCodes, type ErrorBody, type ErrorCode } from '@vere/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';

/** The one error type handlers throw. Its code decides the HTTP status (contracts' ErrorCodes). */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.statusCode = ErrorCodes[code];
  }
}

export const errorBody = (code: string, message: string, field?: string): ErrorBody => ({
  error: field ? { code, message, field } : { code, message },
});

function fromFastifyError(err: FastifyError): { status: number; body: ErrorBody } | undefined {
  if (err.validation) {
    const first = err.validation[0];
    const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || undefined;
    return { status: 400, body: errorBody('VALIDATION_FAILED', err.message, field) };
  }
  const status = err.statusCode ?? 500;
  if (status >= 500) return undefined;
  const byStatus: Record<number, ErrorCode> = {
    400: 'BAD_REQUEST', 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND',
    409: 'CONFLICT', 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE', 429: 'RATE_LIMITED',
  };
  return { status, body: errorBody(byStatus[status] ?? 'BAD_REQUEST', typeof err.message === 'string' && err.message ? err.message : 'Request refused.') };
}

/**
 * One error handler per service: every error leaves as `{ error: { code, message } }`.
 * Messages of 4xx errors are shown; a 5xx is logged with its stack and answered generically.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.statusCode >= 500) request.log.error({ err }, err.message);
      return reply.status(err.statusCode).send(errorBody(err.code, err.message, err.field));
    }
    const mapped = fromFastifyError(err as FastifyError);
    if (mapped) {
      request.log.info({ err: { message: err.message, code: (err as FastifyError).code } }, 'request rejected');
      return reply.status(mapped.status).send(mapped.body);
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', 'Something went wrong. Please try again.'));
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(errorBody('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`)),
  );
}
