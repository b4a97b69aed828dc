import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import { connectBanner } from '../../machines/ui/banner/banner.connect';
import { bannerMachine, IGNORED_BANNER_KEY } from '../../machines/ui/banner/banner.machine';
import type { Announcement } from '../../machines/ui/banner/banner.types';
import { describePaths, handlerEvents, pending, type StepEffect } from './harness';
import { answersIn } from './answers';

const announcement = { content: 'Skynet 2.0 is live', link: '/products/skynet', linkText: 'Learn more' };
// Another site's link, with no link text of its own.
const external = { content: 'Audit published', link: 'https://example.org/audit', linkText: '' };
// Links of other sites over plain http, and of our own site that merely mention one.
const plainHttp = { content: 'Status page moved', link: 'http://status.example.org', linkText: 'Status' };
const mentionsSite = { content: 'Bridge notice', link: '/go?to=https://example.org', linkText: 'Read' };
const blank = { content: '', link: '/products/skynet', linkText: 'Learn more' };
const machine = bannerMachine.provide({ actors: { fetchAnnouncement: pending() as never } });

// Browser storage, as the real `storeDismissed` writes it (the path tests run without a DOM).
const storage = new Map<string, string>();
beforeEach(() => {
  storage.clear();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, String(value)),
    removeItem: (key: string) => void storage.delete(key),
  });
});
afterEach(() => vi.unstubAllGlobals());

const { send, sends } = handlerEvents<{ type: string }>();
/** The view AnnouncementBanner renders; its buttons' events go to `send`. */
const view = (s: AnyMachineSnapshot) => connectBanner(s as Parameters<typeof connectBanner>[0], send);
/** What AnnouncementBanner renders: the announcement while the banner is open, else nothing. */
const shown = (s: AnyMachineSnapshot) => (view(s).open ? view(s).announcement : null);
/** Spec §4 'Banner': an announcement shows unless it is empty or is the one the user dismissed. */
const shouldShow = (a: Announcement | null | undefined, ignored: string | null) =>
  !!a && a.content !== '' && a.content !== ignored;
const fetching = (s: AnyMachineSnapshot) => s.children.fetchAnnouncement as AnyActorRef | undefined;

/** Hidden for good (the machine is done): nothing shows and nothing more is asked. */
function expectHidden(step: StepEffect) {
  expect(shown(step.after)).toBeNull();
  expect(step.after.status).toBe('done');
  expect(fetching(step.after)).toBeUndefined();
}

// Without an announcement in the page the banner asks the API (none active, a new one, an empty one, the one the
// user dismissed); with the server's announcement written into the page it decides before the first paint.
const inputs: { ignored: string | null; inlined?: Announcement | null; answers?: (Announcement | null)[] }[] =
  [
    { ignored: null, answers: [announcement, null] },
    { ignored: 'Old news', answers: [announcement, blank] },
    { ignored: 'Skynet 2.0 is live', answers: [announcement] },
    { ignored: null, inlined: announcement },
    { ignored: null, inlined: external },
    { ignored: null, inlined: plainHttp },
    { ignored: null, inlined: mentionsSite },
    { ignored: 'Old news', inlined: announcement },
    { ignored: null, inlined: null },
    { ignored: null, inlined: blank },
    { ignored: 'Skynet 2.0 is live', inlined: announcement },
  ];

for (const { answers = [], ...input } of inputs) {
  describePaths('banner', machine, {
    input,
    states: {
      // The banner as drawn: the announcement's text, its link (another site in a new tab) and 'Dismiss'.
      'banner.visible': (s) => {
        const v = view(s);
        const a = v.announcement!;
        expect(v.open).toBe(true);
        expect(v.getRootProps()).toEqual({
          'data-scope': 'banner',
          'data-part': 'root',
          role: 'region',
          'aria-label': 'Announcement',
        });
        // Only a link that starts with http:// or https:// leaves the site, in a new tab.
        const leavesSite = /^https?:\/\//.test(a.link);
        expect(v.getLinkProps()).toEqual({
          'data-scope': 'banner',
          'data-part': 'link',
          href: a.link,
          ...(leavesSite ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
        });
        expect(v.linkText).toBe(a.linkText || 'Learn more');
        expect(v.getDismissButtonProps()).toEqual({
          'data-scope': 'banner',
          'data-part': 'dismiss-trigger',
          type: 'button',
          'aria-label': 'Dismiss announcement',
          onClick: expect.any(Function),
        });
        expect(sends(v.getDismissButtonProps().onClick)).toEqual([{ type: 'DISMISS' }]);
      },
      // Nothing drawn: the link, were it asked for, points nowhere and says nothing.
      'banner.hidden': (s) => {
        const v = view(s);
        expect(v.open).toBe(false);
        expect(v.announcement).toBeNull();
        expect(v.getLinkProps()).toEqual({ 'data-scope': 'banner', 'data-part': 'link', href: '' });
        expect(v.linkText).toBe('');
      },
    },
    events: (s) => [
      { type: 'DISMISS' },
      ...answersIn(s, 'loading', 'fetchAnnouncement', { outputs: answers, errors: [new Error('offline')] }),
    ],
    transitions: {
      // At start: an announcement in the page is decided at once; without one the API is asked.
      'banner.deciding|always': (step) => {
        expect(step.event.type).toBe('xstate.init');
        if (input.inlined === undefined) {
          expect(step.after.matches('loading')).toBe(true);
          expect(fetching(step.after)?.getSnapshot().status).toBe('active');
          expect(shown(step.after)).toBeNull();
        } else if (shouldShow(input.inlined, input.ignored)) {
          expect(shown(step.after)).toEqual(input.inlined);
          expect(fetching(step.after)).toBeUndefined();
        } else {
          expectHidden(step);
        }
        expect(storage.size).toBe(0);
      },
      // The API's answer: shown when new, else hidden for good.
      'banner.loading|xstate.done.actor.fetchAnnouncement': (step) => {
        const output = step.event.output as Announcement | null;
        if (shouldShow(output, input.ignored)) {
          expect(shown(step.after)).toEqual(output);
          expect(step.after.status).toBe('active');
        } else {
          expectHidden(step);
        }
        expect(storage.size).toBe(0);
      },
      'banner.loading|xstate.error.actor.fetchAnnouncement': (step) => {
        expectHidden(step);
        expect(storage.size).toBe(0);
      },
      // Dismissing hides it and stores its text, so the same announcement stays hidden on the next visits.
      'banner.visible|DISMISS': (step) => {
        const dismissed = shown(step.before);
        expect(dismissed).not.toBeNull();
        expectHidden(step);
        expect(step.actions.map((a) => a.type)).toContain('storeDismissed');
        expect(Object.fromEntries(storage)).toEqual({ [IGNORED_BANNER_KEY]: dismissed!.content });
        expect(step.after.context.ignored).toBe(dismissed!.content);
      },
    },
  });
}
