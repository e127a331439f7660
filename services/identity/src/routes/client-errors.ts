import { ClientErrorReportSchema } from '@vere/contracts';
import type { ServiceApp } from '@vere/service-kit';
import { Type } from 'typebox';

/**
 * `POST /api/identity/client-errors`: the shell reports browser errors nobody caught. They become
 * structured warn lines in the service log (where alerts look); nothing is stored. Anyone may
 * report (errors happen before sign-in too), so it is rate limited per address and size-capped.
 */
export async function clientErrorRoutes(app: ServiceApp, opts: { perMinute: number }): Promise<void> {
  app.post(
    '/api/identity/client-errors',
    {
      bodyLimit: 16 * 1024,
      config: { rateLimit: { max: opts.perMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['operations'],
        summary: 'Report a browser error the app did not handle',
        body: ClientErrorReportSchema,
        response: {
          202: Type.Null(),
          400: { $ref: 'ErrorBody#' },
          413: { $ref: 'ErrorBody#' },
          429: { $ref: 'ErrorBody#' },
        },
      },
    },
    async (request, reply) => {
      const { kind, message, stack, path, source } = request.body;
      request.log.warn(
        {
          clientError: {
            kind,
            message,
            stack,
            path: path.split('?')[0],
            source,
            userAgent: request.headers['user-agent']?.slice(0, 200),
          },
        },
        'client error',
      );
      return reply.status(202).send(null);
    },
  );
}
