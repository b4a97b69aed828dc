// The flags are an app-wide actor of the app system (machines/app); these hooks read it.
export { useFlag, useFlagsStatus } from '../../app/hooks';
export { liveFlagsMachine } from './liveFlags';
