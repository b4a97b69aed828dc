import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { PROFILE_IMAGE_MAX_BYTES } from '../../../../api/user';
import { AppError, badRequest } from '../../../errors';
import { requireUser } from '../../../plugins/app/session';
import { replies, typed } from '../../../routing/schemas';
import * as U from '../../../../api/user.schemas';

/** The signed-in user's profile and profile picture (upload, delete, and the picture by username). */
export default async function apiUserProfileRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  // Multipart only inside this plugin: the upload route is the one place that takes a form body.
  await app.register(multipart, {
    limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5 },
  });

  app.get('/profile', { schema: { summary: 'My profile', response: replies(U.Profile) } }, async (request) =>
    app.profiles.get(requireUser(request)),
  );

  // A picture comes as multipart; JSON still reaches the handler, which names the field it wants (400).
  app.post(
    '/profile/upload',
    {
      config: { bodies: ['multipart', 'json'] },
      schema: { summary: 'Upload my profile picture (multipart or JSON)', response: replies(U.Profile) },
    },
    async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart()) {
        throw badRequest('Send the picture as multipart form data in the field "file".', {
          file: 'A PNG, JPEG or WebP image is required',
        });
      }
      const tooLarge = () =>
        new AppError(413, 'PayloadTooLarge', 'The picture must be at most 2 MB.', {
          file: 'The picture must be at most 2 MB',
        });
      // Everything that goes wrong while reading the form (no boundary, cut-off body, too large) is the client's.
      let buffer: Buffer;
      try {
        const part = await request.file();
        if (!part)
          throw badRequest('A picture is required.', { file: 'A PNG, JPEG or WebP image is required' });
        buffer = await part.toBuffer();
        // busboy cuts the file at limits.fileSize and marks it truncated; when the cut falls on a chunk boundary
        // toBuffer() returns the first 2 MB without an error. So the flag is checked here, on every path.
        if (part.file.truncated) throw tooLarge();
      } catch (err) {
        if (err instanceof AppError) throw err;
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw badRequest('The upload is not valid multipart form data.', {
          file: 'Send the picture in the field "file"',
        });
      }
      return app.profiles.setPicture(user, buffer);
    },
  );

  app.post(
    '/profile/delete',
    { schema: { summary: 'Delete my profile picture', response: replies(U.Profile) } },
    async (request) => app.profiles.deletePicture(requireUser(request)),
  );

  /** Public: the avatar loads it by username with a cache-busting `v` query; 204 when there is none. */
  app.get<{ Params: { username: string } }>('/profile/image/:username', async (request, reply) => {
    const picture = await app.profiles.picture(request.params.username);
    // No picture is a normal answer, not an error: the avatar falls back to the image field or the initial, and
    // the browser logs no failed request on every page (unknown users answer the same, so nothing is revealed).
    if (!picture) return reply.status(204).header('cache-control', 'public, max-age=60').send();
    // An image, never a document: no sniffing, shown inline, and nothing may run if it is opened directly.
    return reply
      .type(picture.type)
      .header('cache-control', 'public, max-age=60')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(picture.bytes);
  });
}
