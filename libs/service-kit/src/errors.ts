import { ErrorCodes, type ErrorBody, type ErrorCode } from '@vere/contracts';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The one error type handlers throw. Its code decides the HTTP status (contracts' ErrorCodes). */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    /** For 429/503: when to try again, sent as `Retry-After` (seconds). */
    readonly retryAfterSeconds?: number,
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
    400: 'BAD_REQUEST',
    401: 'UNAUTHENTICATED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    409: 'CONFLICT',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    429: 'RATE_LIMITED',
  };
  return {
    status,
    body: errorBody(
      byStatus[status] ?? 'BAD_REQUEST',
      typeof err.message === 'string' && err.message ? err.message : 'Request refused.',
    ),
  };
}

/**
 * One error handler per service: every error leaves as `{ error: { code, message } }`.
 * Messages of 4xx errors are shown; a 5xx is logged with its stack and answered generically.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.statusCode >= 500) request.log.error({ err }, err.message);
      if (err.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
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

const CLIENT_ERRORS: Record<number, [string, string, string]> = {
  400: ['Bad Request', 'BAD_REQUEST', 'The request could not be read.'],
  408: ['Request Timeout', 'BAD_REQUEST', 'The request took too long.'],
  414: ['URI Too Long', 'BAD_REQUEST', 'The address is too long.'],
  431: ['Request Header Fields Too Large', 'BAD_REQUEST', 'The request headers are too large.'],
};

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser rejects (malformed request line, a
 * header section over 16 KB) never reach the error handler; answer them in the common shape too.
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : err.code === 'HPE_URI_OVERFLOW'
        ? 414
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : 400;
  const [reason, code, message] = CLIENT_ERRORS[status]!;
  const body = JSON.stringify(errorBody(code, message));
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Fastify's `frameworkErrors`: errors raised before routing (an undecodable URL such as
 * `/api/%ZZ`) leave in the common shape instead of Fastify's own.
 */
export function answerFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  void reply.status(status).send(errorBody('BAD_REQUEST', 'The address could not be read.'));
}

/**
 * Node answers an `Expect` other than 100-continue with an empty 417; answer it in the common
 * shape. (100-continue itself is granted by Node before the request reaches Fastify.)
 */
export function refuseUnknownExpectations(server: Server): void {
  server.on('checkExpectation', (_req, res) => {
    const body = JSON.stringify(errorBody('BAD_REQUEST', 'Only "Expect: 100-continue" is supported.'));
    res.writeHead(417, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    res.end(body);
  });
}

/**
 * The error answers a route's schema lists, each in the common shape (`ErrorBody`, registered by
 * createServiceApp): `response: { 200: ThingSchema, ...errorResponses(400, 401, 404) }`.
 */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, { $ref: 'ErrorBody#' }> {
  return Object.fromEntries(statuses.map((status) => [status, { $ref: 'ErrorBody#' as const }])) as Record<
    S,
    { $ref: 'ErrorBody#' }
  >;
}
