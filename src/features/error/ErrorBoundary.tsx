import { Component, type ReactNode } from 'react';
import { ServerErrorPage } from './ServerErrorPage';

type Props = { children: ReactNode; resetKey?: string };
type State = { error: unknown; resetKey?: string };

/** Shows the fallback (server error) screen when rendering fails; navigating elsewhere clears it. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override render() {
    if (this.state.error) return <ServerErrorPage error={this.state.error} />;
    return this.props.children;
  }
}
