// The auth modal is an app-wide actor of the app system (machines/app): open it with useOpenAuthModal.
export { useOpenAuthModal, type OpenAuthModal } from '../../app/hooks';
export type { AuthView as OpenView } from '../../../machines/app/app.machine';
