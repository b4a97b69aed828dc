import { Component, lazy, Suspense, type ReactNode } from 'react';

const ServerErrorPage = lazy(() => import('./ServerErrorPage').then((m) => ({ default: m.ServerErrorPage })));

type Props = { children: ReactNode; resetKey?: string };
type State = { error: unknown; resetKey?: string };

/**
 * Shows the fallback (server error) screen when rendering fails, and reports the failure; navigating elsewhere
 * clears it.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  // The report's code loads with the error: no page needs it before.
  override componentDidCatch(error: unknown) {
    void import('./report').then(({ reportError }) =>
      reportError(error instanceof Error ? `Client error: ${error.message}` : 'Client error', error),
    );
  }

  override render() {
    if (this.state.error)
      return (
        <Suspense fallback={<main id="main" className="route-loading" />}>
          <ServerErrorPage />
        </Suspense>
      );
    return this.props.children;
  }
}
