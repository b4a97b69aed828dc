// The session is an app-wide actor of the app system (machines/app); these hooks read it.
export { useSessionStatus, useSignedIn, useSessionUser, useSessionActor } from '../../app/hooks';
export { liveSessionMachine } from './liveSession';
