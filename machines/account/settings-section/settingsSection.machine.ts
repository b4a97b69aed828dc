import { assertEvent, assign, setup } from 'xstate';
import { listSectionStates } from '../../core/list-section/listSection';
import type {
  MutationResult,
  SettingsSectionContext,
  SettingsSectionEvent,
  SettingsSectionInput,
  SettingsSectionTag,
} from './settingsSection.types';
import { notProvided, withError } from '../../core/requests';

type ErrorLike = { message?: unknown; fields?: unknown };

/**
 * One section of Account Settings (profile, wallets, password, notifications): its data loads (when
 * `input.loads`), then writes run one at a time through the injected `mutate` actor; each ends with a success or
 * an error message (with field errors from the server's error body). Form values live in the form, not here; a
 * successful write runs `written`, which the app provides (e.g. to empty the password form).
 */
export const settingsSectionMachine = setup({
  types: {
    input: {} as SettingsSectionInput,
    context: {} as SettingsSectionContext & SettingsSectionInput,
    events: {} as SettingsSectionEvent,
    tags: {} as SettingsSectionTag,
  },
  actors: {
    load: notProvided<unknown>('load'),
    mutate: notProvided<MutationResult, { action: string; payload: unknown }>('mutate'),
  },
  guards: {
    loadsData: ({ context }) => context.loads,
  },
  actions: {
    storeData: assign({ data: (_, params: { data: unknown }) => params.data }),
    startWrite: assign(({ event }) => {
      assertEvent(event, 'SUBMIT');
      return { action: event.action, message: null };
    }),
    finishWrite: assign(({ context }, params: { result: MutationResult }) => ({
      action: null,
      data: params.result.data === undefined ? context.data : params.result.data,
      message: { kind: 'success' as const, text: params.result.message },
    })),
    failWrite: assign((_, params: { error: unknown }) => {
      const e = (params.error ?? {}) as ErrorLike;
      const fields =
        e.fields && typeof e.fields === 'object' ? (e.fields as Record<string, string>) : undefined;
      return {
        action: null,
        message: {
          kind: 'error' as const,
          text: typeof e.message === 'string' && e.message ? e.message : 'Something went wrong.',
          ...(fields ? { fields } : {}),
        },
      };
    }),
    clearMessage: assign({ message: null }),
    /** A write succeeded (e.g. the password form empties itself); the app provides it. */
    written: (_, _params: { action: string }) => undefined,
  },
}).createMachine({
  id: 'settingsSection',
  context: ({ input }) => ({ loads: input.loads, data: null, message: null, action: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'loadsData', target: 'loading' }, { target: 'ready' }],
    },
    ...listSectionStates<unknown>()({
      id: 'load',
      store: 'storeData',
      failed: 'failWrite',
      retry: 'clearMessage',
    }),
    ready: {
      tags: ['ready'],
      on: {
        SUBMIT: { target: 'writing', actions: 'startWrite' },
        DISMISS: { actions: 'clearMessage' },
      },
    },
    writing: {
      tags: ['ready', 'busy'],
      invoke: {
        id: 'mutate',
        src: 'mutate',
        input: ({ context, event }) => {
          assertEvent(event, 'SUBMIT');
          return { action: context.action ?? '', payload: event.payload };
        },
        onDone: {
          target: 'ready',
          actions: [
            // Before finishWrite, which forgets which write it was.
            { type: 'written', params: ({ context }) => ({ action: context.action ?? '' }) },
            { type: 'finishWrite', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: { target: 'ready', actions: { type: 'failWrite', params: withError } },
      },
    },
  },
});
