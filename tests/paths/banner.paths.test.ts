import { expect } from 'vitest';
import { bannerMachine } from '../../machines/banner/banner.machine';
import { describePaths, pending } from './harness';

const announcement = { content: 'Skynet 2.0 is live', link: '/products/skynet', linkText: 'Learn more' };
const machine = bannerMachine.provide({ actors: { fetchAnnouncement: pending() as never } });

// Without an announcement in the page (the banner asks the API), and with the server's announcement written into
// the page (decided before the first paint): a new one, none active, or the one the user dismissed.
const inputs = [
  ...[null, 'Skynet 2.0 is live'].map((ignored) => ({ ignored })),
  { ignored: null, inlined: announcement },
  { ignored: null, inlined: null },
  { ignored: 'Skynet 2.0 is live', inlined: announcement },
];

for (const input of inputs) {
  describePaths('banner', machine, {
    input,
    events: (s) => [
      { type: 'DISMISS' },
      ...(s.matches('loading')
        ? [
            { type: 'xstate.done.actor.fetchAnnouncement', output: announcement },
            { type: 'xstate.done.actor.fetchAnnouncement', output: null },
            { type: 'xstate.error.actor.fetchAnnouncement', error: new Error('offline') },
          ]
        : []),
    ],
    states: {
      'banner.visible': (s) => {
        expect(s.hasTag('open')).toBe(true);
        expect(s.context.announcement).toEqual(announcement);
      },
      'banner.hidden': (s) => {
        expect(s.hasTag('open')).toBe(false);
        // Hidden because there is nothing new to show: none active, or only the one the user dismissed.
        const shown = s.context.announcement as { content: string } | null;
        if (shown !== null) expect(shown.content).toBe(s.context.ignored);
      },
      'banner.loading': (s) => expect(s.hasTag('open')).toBe(false),
    },
  });
}
