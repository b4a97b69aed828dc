import { fromCallback, fromPromise } from 'xstate';
import type { FlagIdentity, FlagValues } from '../../../api/flags';
import { flagsMachine, type FlagsEvent } from '../../../machines/flags/flags.machine';

/** Runs `task` once the page has loaded and the browser is idle (the first paint is long past by then). */
function afterFirstPaint(task: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(task, { timeout: 2000 });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(task, 500);
      cancel = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') idle();
  else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
}

/**
 * The flags machine with the OpenFeature SDK, loaded on first use. With the server's values in the page, the first
 * use is `watch`, after the first paint: it sets the SDK up for the same identity (no request when it already is)
 * and passes on what the provider sees from then on.
 */
export const liveFlagsMachine = flagsMachine.provide({
  actors: {
    evaluate: fromPromise<FlagValues, FlagIdentity>(async ({ input }) =>
      (await import('./openfeature')).evaluate(input),
    ),
    watch: fromCallback<FlagsEvent, FlagIdentity>(({ sendBack, input }) => {
      let stop: (() => void) | undefined;
      let stopped = false;
      const cancel = afterFirstPaint(() => {
        void import('./openfeature').then(async (sdk) => {
          if (stopped) return;
          try {
            const values = await sdk.evaluate(input);
            if (stopped) return;
            sendBack({ type: 'FLAGS_CHANGED', values });
            stop = sdk.watch((changed) => sendBack({ type: 'FLAGS_CHANGED', values: changed }));
          } catch {
            // The page's values stay; the provider is set up again with the next identity change.
          }
        });
      });
      return () => {
        stopped = true;
        cancel();
        stop?.();
      };
    }),
  },
});
