import { assertEvent, assign, setup } from 'xstate';
import { notProvided } from '../../core/requests';

export type EmbedFormat = 'html' | 'markdown';

export type BadgeEmbedInput = { codes: Record<EmbedFormat, string> };
export type BadgeEmbedContext = BadgeEmbedInput & {
  /** The format being copied. */
  format: EmbedFormat | null;
  /** What the last copy did, in words (aria-live), or null. */
  copied: string | null;
};
export type BadgeEmbedEvent = { type: 'TOGGLE' } | { type: 'COPY'; format: EmbedFormat };

export const BADGE_EMBED_MESSAGES = {
  copied: { html: 'HTML copied.', markdown: 'Markdown copied.' },
  copyFailed: 'Could not copy. Select the code and copy it by hand.',
} as const;

/** The embed code of a badge: an image linking to the project page, in HTML and in Markdown. */
export function embedCodes(origin: string, projectPath: string, badgePath: string, name: string) {
  const alt = `${name} security score on Sentinel Ratings`;
  const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const md = (s: string) => s.replace(/[\\[\]]/g, (c) => `\\${c}`);
  return {
    html: `<a href="${origin}${projectPath}"><img src="${origin}${badgePath}" alt="${attr(alt)}"></a>`,
    markdown: `[![${md(alt)}](${origin}${badgePath})](${origin}${projectPath})`,
  };
}

/**
 * The project page's "Embed badge" disclosure: TOGGLE opens it (the badge's preview and its HTML and Markdown code)
 * and closes it; COPY puts one code on the clipboard (the injected `copy` actor) and says how it went.
 */
export const badgeEmbedMachine = setup({
  types: {
    context: {} as BadgeEmbedContext,
    events: {} as BadgeEmbedEvent,
    input: {} as BadgeEmbedInput,
    tags: {} as 'open' | 'copying',
  },
  actors: {
    copy: notProvided<void, { text: string }>('copy'),
  },
  actions: {
    startCopy: assign(({ event }) => {
      assertEvent(event, 'COPY');
      return { format: event.format, copied: null };
    }),
    markCopied: assign(({ context }) => ({
      copied: BADGE_EMBED_MESSAGES.copied[context.format ?? 'html'],
    })),
    copyFailed: assign({ copied: BADGE_EMBED_MESSAGES.copyFailed }),
    forget: assign({ format: null, copied: null }),
  },
}).createMachine({
  id: 'badgeEmbed',
  context: ({ input }) => ({ codes: input.codes, format: null, copied: null }),
  initial: 'closed',
  states: {
    closed: {
      on: { TOGGLE: { target: 'open' } },
    },
    open: {
      tags: ['open'],
      initial: 'idle',
      on: { TOGGLE: { target: 'closed', actions: 'forget' } },
      states: {
        idle: {
          on: { COPY: { target: 'copying', actions: 'startCopy' } },
        },
        copying: {
          tags: ['copying'],
          invoke: {
            src: 'copy',
            input: ({ context }) => ({ text: context.codes[context.format ?? 'html'] }),
            onDone: { target: 'idle', actions: 'markCopied' },
            onError: { target: 'idle', actions: 'copyFailed' },
          },
        },
      },
    },
  },
});
