import multipart from '@fastify/multipart';
import {
  PhotoLinkQuerySchema,
  PhotoParamsSchema,
  PhotoUploadResultSchema,
  type PhotoLinkQuery,
  type PhotoParams,
} from '@vere/contracts';
import { AppError, errorResponses, type ServiceApp } from '@vere/service-kit';
import { MAX_PHOTO_BYTES, MAX_PHOTO_REQUEST_BYTES, withPhotoBodySlot, type LocalPhotoStore } from '@vere/storage';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { QuestsDeps } from '../use-cases/deps';
import { admitPhotoUpload, photoKey, uploadPhoto } from '../use-cases/photos';

export interface PhotoRouteDeps extends QuestsDeps {
  /** The local store, whose links this service serves; absent with S3 (its links go to the bucket). */
  local?: LocalPhotoStore;
}

const errors = errorResponses(400, 401, 413, 415, 429);

const tooLarge = () =>
  new AppError('PHOTO_TOO_LARGE', `The photo is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`, 'file');

export async function photoRoutes(app: ServiceApp, deps: PhotoRouteDeps): Promise<void> {
  // Multipart is parsed in this context only: every other route keeps the 64 KB JSON body limit
  // and answers multipart with 415.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // One byte over the limit is kept, so a file of exactly one byte too many is still told apart.
      limits: { fileSize: MAX_PHOTO_BYTES + 1, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 50 },
    });

    scope.post(
      '/api/quests/me/photos',
      {
        // A declared length over the limit is refused before reading (and before authenticating) a byte of it.
        onRequest: [refuseDeclaredTooLarge, app.authenticate],
        schema: {
          tags: ['photos'],
          summary:
            'Upload a proof photo (multipart, field "file", at most 10 MiB; 30 per user per hour); answers a short-lived link',
          consumes: ['multipart/form-data'],
          security: [{ bearer: [] }],
          response: { 201: PhotoUploadResultSchema, ...errors },
        },
      },
      async (request, reply) => {
        try {
          await admitPhotoUpload(deps, request.userId);
        } catch (err) {
          discardRest(request.raw);
          throw err;
        }
        // Read only when a body slot is free: waiting uploads stay in the network, not in memory.
        const photo = await withPhotoBodySlot(async () => {
          let bytes: Buffer;
          try {
            bytes = await readPhotoPart(request);
          } catch (err) {
            discardRest(request.raw);
            throw err;
          }
          return uploadPhoto(deps, request.userId, bytes);
        });
        return reply.status(201).send({ photo });
      },
    );
  });

  app.get<{ Params: PhotoParams; Querystring: PhotoLinkQuery }>(
    '/api/quests/photos/:id',
    {
      schema: {
        tags: ['photos'],
        summary: 'A photo, through a signed link from the upload or the to-do (local storage only)',
        params: PhotoParamsSchema,
        querystring: PhotoLinkQuerySchema,
        response: { 403: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' } },
      },
    },
    async (request, reply) => {
      const local = deps.local;
      if (!local) throw new AppError('NOT_FOUND', 'Not found');
      const key = photoKey(request.params.id.toLowerCase());
      if (!local.verify(key, request.query.exp, request.query.sig)) {
        throw new AppError('PHOTO_LINK_INVALID', 'This photo link has expired or is not valid.');
      }
      const found = await local.get(key);
      if (!found) throw new AppError('NOT_FOUND', 'Not found');
      const maxAge = Math.max(0, Number(request.query.exp) - Math.floor(Date.now() / 1000));
      reply
        .type(found.contentType)
        .header('cache-control', `private, max-age=${Math.min(maxAge, 86_400)}`)
        .header('content-security-policy', "default-src 'none'")
        .header('x-content-type-options', 'nosniff');
      if (found.size !== undefined) reply.header('content-length', String(found.size));
      return reply.send(found.body);
    },
  );
}

async function refuseDeclaredTooLarge(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (Number(request.headers['content-length']) > MAX_PHOTO_REQUEST_BYTES) {
    reply.header('connection', 'close');
    throw tooLarge();
  }
}

/** The one file in the field `file`; anything unreadable about the request is the client's (4xx), never a 5xx. */
async function readPhotoPart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the photo as multipart/form-data in the field "file".');
  }
  let part;
  try {
    part = await request.file();
  } catch (err) {
    throw asClientError(err);
  }
  if (!part || part.fieldname !== 'file') throw new AppError('PHOTO_MISSING', 'Please select a photo', 'file');
  try {
    return await part.toBuffer();
  } catch (err) {
    throw asClientError(err);
  }
}

/**
 * After refusing an upload, the rest of its body is read and dropped: left in the multipart parser
 * (an unread second file, say) it would stall the connection, and a proxy still sending it (the
 * edge) would keep it open for good. Node's request timeout bounds a client that never stops.
 */
function discardRest(raw: IncomingMessage): void {
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
}

function asClientError(err: unknown): AppError {
  const status = (err as { statusCode?: number }).statusCode;
  if (status === 413) return tooLarge();
  if (status === 406 || status === 415)
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the photo as multipart/form-data in the field "file".');
  return new AppError('BAD_REQUEST', 'The upload could not be read.');
}
