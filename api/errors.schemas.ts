/** Zod schema of every API error body (the browser's type is ErrorBody in api/errors.ts). */
import { z } from 'zod';

/**
 * `{ error: CODE, message, fields? }`: every 4xx and 5xx answer of /api (design notes §3). `fields` names each bad
 * input field (`{ 'contracts.0.address': 'Too long' }`); `retryAfterSeconds` says when a refused action may be tried
 * again; `url` is where a NextAuth client goes next (the auth service's form posts only).
 */
export const ErrorBody = z
  .object({
    error: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    retryAfterSeconds: z.number().optional(),
    url: z.string().optional(),
  })
  .meta({
    id: 'ErrorBody',
    examples: [
      {
        error: 'ValidationError',
        message: 'keyword: Too big: expected string to have <=100 characters',
        fields: { keyword: 'Too big: expected string to have <=100 characters' },
      },
    ],
  });
