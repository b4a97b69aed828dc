import { assign, setup } from 'xstate';
import { IGNORED_BANNER_KEY } from '../../../api/storageKeys';
import type { Announcement, BannerContext, BannerEvent, BannerInput, BannerTag } from './banner.types';
import { notProvided } from '../../core/requests';

export { IGNORED_BANNER_KEY };

/**
 * Announcement banner (spec §2 'Other overlays', §4 'Banner'): shown when the server has an announcement whose
 * content differs from the last dismissed one; dismissing stores the content so it stays hidden.
 * `input.ignored` is what browser storage held at start. `input.inlined` is the announcement the server wrote into
 * the page (null: none is active); with it the banner is decided before the first paint, so it never pushes the
 * page down after it. Without it (the dev server's page) the banner asks the API.
 */
// An empty answer (no announcement, or nothing at all) shows nothing rather than failing the banner.
const isNew = (announcement: Announcement | null | undefined, ignored: string | null) =>
  !!announcement && announcement.content !== '' && announcement.content !== ignored;

export const bannerMachine = setup({
  types: {
    input: {} as BannerInput,
    context: {} as BannerContext,
    events: {} as BannerEvent,
    tags: {} as BannerTag,
  },
  actors: {
    fetchAnnouncement: notProvided<Announcement | null>('fetchAnnouncement'),
  },
  guards: {
    isNewAnnouncement: ({ context }, params: { announcement: Announcement | null }) =>
      isNew(params.announcement, context.ignored),
    isInlined: ({ context }) => context.inlined !== undefined,
    isInlinedNew: ({ context }) => isNew(context.inlined ?? null, context.ignored),
  },
  actions: {
    /** Writes the dismissed text to browser storage (the app may provide another store). */
    storeDismissed: ({ context }) => {
      if (!context.announcement) return;
      try {
        globalThis.localStorage?.setItem(IGNORED_BANNER_KEY, context.announcement.content);
      } catch {
        // Storage unavailable (private mode, blocked cookies): the banner still hides for this visit.
      }
    },
    markIgnored: assign({ ignored: ({ context }) => context.announcement?.content ?? context.ignored }),
    showInlined: assign({ announcement: ({ context }) => context.inlined ?? null }),
    showAnnouncement: assign((_, params: { announcement: Announcement | null }) => ({
      announcement: params.announcement,
    })),
  },
}).createMachine({
  id: 'banner',
  context: ({ input }) => ({ ignored: input.ignored, inlined: input.inlined, announcement: null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        { guard: 'isInlinedNew', target: 'visible', actions: 'showInlined' },
        { guard: 'isInlined', target: 'hidden' },
        { target: 'loading' },
      ],
    },
    loading: {
      invoke: {
        id: 'fetchAnnouncement',
        src: 'fetchAnnouncement',
        onDone: [
          {
            guard: { type: 'isNewAnnouncement', params: ({ event }) => ({ announcement: event.output }) },
            target: 'visible',
            actions: { type: 'showAnnouncement', params: ({ event }) => ({ announcement: event.output }) },
          },
          { target: 'hidden' },
        ],
        onError: { target: 'hidden' },
      },
    },
    visible: {
      tags: ['open'],
      on: { DISMISS: { target: 'hidden', actions: ['storeDismissed', 'markIgnored'] } },
    },
    hidden: { type: 'final' },
  },
});
