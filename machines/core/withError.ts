/**
 * The params of an action or a guard that reads a request's failure: the error its error event carries, as in
 * `onError: { target: 'idle', actions: { type: 'showFailure', params: withError } }`.
 */
export const withError = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
