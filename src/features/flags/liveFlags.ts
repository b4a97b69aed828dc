import { fromCallback, fromPromise } from 'xstate';
import { FLAGS_POLL_MS, type FlagIdentity, type FlagValues } from '../../../api/flags';
import { flagsMachine, type FlagsEvent } from '../../../machines/core/flags/flags.machine';

/**
 * Runs `task` when the page's flags first need refreshing: after one poll interval, or sooner when the tab comes back
 * into view (the provider's own refresh points). Until then the server's values in the page are as fresh as a poll
 * would make them, so the SDK is not downloaded on page load at all.
 */
function whenFirstRefreshDue(task: () => void): () => void {
  const timer = window.setTimeout(run, FLAGS_POLL_MS);
  const onVisibility = () => {
    if (document.visibilityState === 'visible') run();
  };
  document.addEventListener('visibilitychange', onVisibility);
  function run() {
    cancel();
    task();
  }
  function cancel() {
    window.clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  }
  return cancel;
}

/**
 * The flags machine with the OpenFeature SDK, loaded on first use. With the server's values in the page, the first
 * use is `watch`, when the first refresh is due: it sets the SDK up for the same identity (no request when it already is)
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
      const cancel = whenFirstRefreshDue(() => {
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
