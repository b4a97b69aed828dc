import { createHash } from 'node:crypto';
import { existsSync, readFileSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { EvaluationContext, FlagMetadata, JsonValue, Logger } from '@openfeature/core';
import { FlagdCore } from '@openfeature/flagd-core';
import type { SessionUser } from '../plugins/app/session';

/** One flag as the server evaluated it (the OFREP success or failure shape, without HTTP). */
export type FlagEvaluation =
  | { key: string; value?: JsonValue; reason: string; variant?: string; metadata?: FlagMetadata }
  | { key: string; errorCode: string; errorDetails: string };

export type FlagService = {
  /** Evaluates one flag for a context; FLAG_NOT_FOUND when FLAGS_FILE has no such flag. */
  evaluate(flagKey: string, context?: EvaluationContext): FlagEvaluation;
  /** True only when the flag evaluates to boolean true (missing, disabled or failing flags are off). */
  isEnabled(flagKey: string, context?: EvaluationContext): boolean;
  /** Every enabled flag of FLAGS_FILE for a context. */
  evaluateAll(context?: EvaluationContext): FlagEvaluation[];
  /** A hash of the loaded flag file, changing on every reload that changed it. */
  readonly version: string;
  /** Re-reads FLAGS_FILE now; false (and the previous flags kept) when the file is missing or invalid. */
  reload(): boolean;
  /** Called after every reload that changed the flags. Returns an unsubscribe function. */
  onChange(listener: () => void): () => void;
  close(): void;
};

/** The evaluation context for a signed-in user (or anonymous): targetingKey = username, email, role. */
export function flagContextFor(user: SessionUser | null | undefined): EvaluationContext {
  return user ? { targetingKey: user.username, email: user.email, role: user.role } : {};
}

type LogLike = Pick<Logger, 'warn' | 'info' | 'error' | 'debug'>;

const quietLogger: Logger = { error() {}, warn() {}, info() {}, debug() {} };

/**
 * Evaluates the flagd flag-definition file `file` with @openfeature/flagd-core and reloads it when it changes
 * (fs.watch on its folder, so editors that replace the file are seen too; changes are debounced).
 * A broken file at start-up is an error; a broken file later is logged and the last good flags stay.
 */
export function createFlagService(
  file: string,
  opts: { log?: LogLike; debounceMs?: number; watch?: boolean } = {},
): FlagService {
  const log = opts.log ?? quietLogger;
  const debounceMs = opts.debounceMs ?? 50;
  let core = new FlagdCore(undefined, quietLogger);
  let version = 'none';
  const listeners = new Set<() => void>();

  function load(initial: boolean): boolean {
    if (!existsSync(file)) {
      const message = `Flag file ${file} does not exist; every flag evaluates to its default`;
      if (initial) log.warn(message);
      else log.warn(`${message} (keeping the flags loaded before)`);
      return false;
    }
    const text = readFileSync(file, 'utf8');
    const hash = createHash('sha256').update(text).digest('base64url').slice(0, 16);
    if (hash === version) return true;
    const next = new FlagdCore(undefined, quietLogger);
    try {
      next.setConfigurations(text);
    } catch (err) {
      const message = `Flag file ${file} is not a valid flagd flag definition: ${(err as Error).message}`;
      if (initial) throw new Error(message, { cause: err });
      log.warn(`${message} (keeping the flags loaded before)`);
      return false;
    }
    core = next;
    version = hash;
    if (!initial) {
      log.info(`Reloaded flags from ${file}`);
      for (const listener of listeners) listener();
    }
    return true;
  }

  load(true);

  let watcher: FSWatcher | undefined;
  let timer: NodeJS.Timeout | undefined;
  if (opts.watch !== false) {
    const base = path.basename(file);
    try {
      watcher = watch(path.dirname(file), { persistent: false }, (_event, name) => {
        if (name !== null && name !== base) return;
        clearTimeout(timer);
        timer = setTimeout(() => {
          try {
            load(false);
          } catch (err) {
            log.error(`Could not reload ${file}: ${(err as Error).message}`);
          }
        }, debounceMs);
        timer.unref();
      });
      watcher.on('error', (err) => log.warn(`Stopped watching ${file}: ${err.message}`));
    } catch (err) {
      log.warn(`Cannot watch ${file} for changes: ${(err as Error).message}`);
    }
  }

  function evaluate(flagKey: string, context: EvaluationContext = {}): FlagEvaluation {
    const flag = core.getFlag(flagKey);
    if (!flag)
      return { key: flagKey, errorCode: 'FLAG_NOT_FOUND', errorDetails: `Flag '${flagKey}' was not found` };
    if (flag.state === 'DISABLED') return { key: flagKey, reason: 'DISABLED', metadata: flag.metadata };
    try {
      const result = flag.evaluate(context, quietLogger);
      if (result.reason === 'ERROR' || result.value === undefined) {
        return {
          key: flagKey,
          errorCode: result.errorCode ?? 'GENERAL',
          errorDetails: result.errorMessage ?? 'The flag could not be evaluated',
        };
      }
      return {
        key: flagKey,
        value: result.value,
        reason: result.reason,
        ...(result.variant === undefined ? {} : { variant: result.variant }),
        metadata: result.flagMetadata,
      };
    } catch (err) {
      return { key: flagKey, errorCode: 'GENERAL', errorDetails: (err as Error).message };
    }
  }

  return {
    evaluate,
    isEnabled(flagKey, context) {
      const result = evaluate(flagKey, context);
      return 'value' in result && result.value === true;
    },
    evaluateAll(context = {}) {
      return [...core.getFlags().values()]
        .filter((flag) => flag.state !== 'DISABLED')
        .map((flag) => evaluate(flag.key, context));
    },
    get version() {
      return version;
    },
    reload: () => load(false),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      clearTimeout(timer);
      watcher?.close();
      listeners.clear();
    },
  };
}
