/**
 * The OpenFeature web SDK with the OFREP web provider. Loaded on demand (a separate chunk), so the SDK stays out
 * of the home route's initial JavaScript; until it answers, every flag reads as its default.
 */
import { OFREPWebProvider } from '@openfeature/ofrep-web-provider';
import { OpenFeature, ProviderEvents, type EvaluationContext } from '@openfeature/web-sdk';
import {
  FLAG_DEFAULTS,
  FLAG_KEYS,
  FLAGS_POLL_MS,
  type FlagIdentity,
  type FlagValues,
} from '../../../api/flags';

let started: Promise<void> | undefined;
/** The context last given to the SDK: setting the same one again would only refetch the same flags. */
let currentContext = '';

/** Only a hint that the identity changed: the server builds the real context from the session cookie. */
const contextOf = (identity: FlagIdentity): EvaluationContext =>
  identity ? { targetingKey: identity.targetingKey, email: identity.email } : {};

function read(): FlagValues {
  const client = OpenFeature.getClient();
  return Object.fromEntries(FLAG_KEYS.map((key) => [key, client.getBooleanValue(key, FLAG_DEFAULTS[key])]));
}

/** Sets the provider up once, then (re-)evaluates every flag for `identity`. */
export async function evaluate(identity: FlagIdentity): Promise<FlagValues> {
  const context = contextOf(identity);
  const contextKey = JSON.stringify(context);
  if (!started) {
    currentContext = contextKey;
    started = (async () => {
      await OpenFeature.setContext(context);
      await OpenFeature.setProviderAndWait(
        new OFREPWebProvider({
          baseUrl: window.location.origin,
          pollInterval: FLAGS_POLL_MS,
          changeDetection: 'polling',
          // Flags depend on the session cookie; a cache keyed by the claimed identity could show stale ones.
          cacheMode: 'disabled',
        }),
      );
    })();
    try {
      await started;
    } catch (error) {
      started = undefined;
      throw error;
    }
  } else {
    await started;
    if (contextKey !== currentContext) {
      currentContext = contextKey;
      await OpenFeature.setContext(context);
    }
  }
  return read();
}

/** Calls `onChange` with fresh values whenever the provider's flags change (polling, visibility). */
export function watch(onChange: (values: FlagValues) => void): () => void {
  const handler = () => onChange(read());
  OpenFeature.addHandler(ProviderEvents.ConfigurationChanged, handler);
  return () => OpenFeature.removeHandler(ProviderEvents.ConfigurationChanged, handler);
}
