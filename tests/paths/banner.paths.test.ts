import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import { connectBanner } from '../../machines/ui/banner/banner.connect';
import {
  bannerMachine,
  IGNORED_BANNER_KEY,
  type Announcement,
} from '../../machines/ui/banner/banner.machine';
import { describePaths, pending, type StepEffect } from './harness';

const announcement = { content: 'Skynet 2.0 is live', link: '/products/skynet', linkText: 'Learn more' };
// Another site's link, with no link text of its own.
const external = { content: 'Audit published', link: 'https://example.org/audit', linkText: '' };
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

const sent: { type: string }[] = [];
/** The view AnnouncementBanner renders; its buttons' events land in `sent`. */
const view = (s: AnyMachineSnapshot) =>
  connectBanner(s as Parameters<typeof connectBanner>[0], (e) => void sent.push(e));
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
        expect(v.getRootProps()).toMatchObject({ role: 'region', 'aria-label': 'Announcement' });
        expect(v.getLinkProps().href).toBe(a.link);
        if (a.link.startsWith('https://'))
          expect(v.getLinkProps()).toMatchObject({ target: '_blank', rel: 'noopener noreferrer' });
        else expect(v.getLinkProps()).not.toHaveProperty('target');
        expect(v.linkText).toBe(a.linkText || 'Learn more');
        sent.length = 0;
        v.getDismissButtonProps().onClick();
        expect(sent).toEqual([{ type: 'DISMISS' }]);
        expect(v.getDismissButtonProps()['aria-label']).toBe('Dismiss announcement');
      },
      'banner.hidden': (s) => {
        expect(view(s).open).toBe(false);
        expect(view(s).announcement).toBeNull();
      },
    },
    events: (s) => [
      { type: 'DISMISS' },
      ...(s.matches('loading')
        ? [
            ...answers.map((output) => ({ type: 'xstate.done.actor.fetchAnnouncement', output })),
            { type: 'xstate.error.actor.fetchAnnouncement', error: new Error('offline') },
          ]
        : []),
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
