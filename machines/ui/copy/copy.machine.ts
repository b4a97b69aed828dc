/**
 * Copying a value (an address, a transaction hash) to the clipboard: idle → copying → copied or failed, which
 * the page announces through a live region, then back to idle after a moment so the next copy is announced
 * again. The clipboard write is the injected `write` actor (navigator.clipboard in the app, a stub in tests).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { CopyContext, CopyEvent, CopyTag } from './copy.types';
import { notProvided } from '../../core/requests';

/** How long "Copied" (or the failure) stays, in ms. */
export const COPY_SHOWN_FOR = 2000;

export const COPY_MESSAGES = {
  copied: 'Copied',
  failed: 'Could not copy. Select the text and copy it by hand.',
} as const;

export const copyMachine = setup({
  types: {
    context: {} as CopyContext,
    events: {} as CopyEvent,
    tags: {} as CopyTag,
  },
  actors: {
    write: notProvided<void, { text: string }>('write'),
  },
  delays: { shownFor: COPY_SHOWN_FOR },
  actions: {
    rememberText: assign({
      text: ({ event }) => {
        assertEvent(event, 'COPY');
        return event.text;
      },
    }),
  },
}).createMachine({
  id: 'copy',
  context: { text: null },
  initial: 'idle',
  // A new copy restarts whatever the last one was doing.
  on: { COPY: { target: '.copying', actions: 'rememberText', reenter: true } },
  states: {
    idle: {},
    copying: {
      tags: ['copying'],
      invoke: {
        id: 'write',
        src: 'write',
        input: ({ context }) => ({ text: context.text ?? '' }),
        onDone: 'copied',
        onError: 'failed',
      },
    },
    copied: {
      tags: ['copied'],
      after: { shownFor: 'idle' },
    },
    failed: {
      tags: ['error'],
      after: { shownFor: 'idle' },
    },
  },
});
