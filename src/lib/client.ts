import { createRequest } from '../../api/http';

/** The browser's one request helper instance (same origin, credentials included). */
export const request = createRequest();
