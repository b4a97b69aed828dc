import { errorCode } from '../../api/errors';

/** The server's message for a refused request (an HttpError carries the error body's code), else the fallback. */
export const serverMessage = (error: unknown, fallback: string) =>
  error instanceof Error && errorCode(error) !== undefined ? error.message : fallback;
