import { fromPromise } from 'xstate';
import { getSession } from '../../../api/session';
import { sessionMachine, type SessionData } from '../../../machines/auth/session/session.machine';
import { request } from '../../lib/client';

/** The session machine with the real session call. */
export const liveSessionMachine = sessionMachine.provide({
  actors: {
    fetchSession: fromPromise<SessionData>(async () => (await getSession(request)) as SessionData),
  },
});
