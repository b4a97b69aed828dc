/**
 * The tags every machine uses in the same sense, so a view can ask any snapshot the same question:
 *
 * - `loading`   the machine waits for data it cannot show anything without (a first load, a retry);
 * - `ready`     the data is there and shown;
 * - `empty`     loaded, and there is nothing to show;
 * - `busy`      a write (or another request the user started) is under way: buttons that would start another wait;
 * - `error`     a request failed and the machine shows it (a region's failure adds its own prefix: `listError`,
 *               `chainsError`); never `failed`;
 * - `notFound`, `forbidden`  the server answered 404 / 403, which the view words differently from an error;
 * - `open`      a dialog, panel or menu is shown.
 *
 * A machine may add tags of its own (the name of a step, `copied`, `typing`, …) beside these; `status.*` and
 * `lifecycle.*` tags mirror a finite status for components ported from Zag and Joyride. Events are always
 * SCREAMING_CASE (`RETRY`, `SESSION_LOADED`); only XState's own `xstate.*` events are dotted.
 */
export type CommonTag = 'loading' | 'ready' | 'empty' | 'busy' | 'error' | 'notFound' | 'forbidden' | 'open';

/**
 * A machine's tags for setup's `types`: the common ones it uses plus its own, e.g.
 * `tags: {} as Tags<'loading' | 'error', 'copied'>`. The first list only admits common tags and `failed` is
 * dropped from the second, so a state tagged `failed` does not typecheck.
 */
export type Tags<Common extends CommonTag, Own extends string = never> =
  Common | (Own extends 'failed' ? never : Own);
