import { expect } from 'vitest';
import { bannerMachine } from '../../machines/banner/banner.machine';
import { describePaths, pending } from './harness';

const announcement = { content: 'Skynet 2.0 is live', link: '/products/skynet', linkText: 'Learn more' };
const machine = bannerMachine.provide({ actors: { fetchAnnouncement: pending() as never } });

for (const ignored of [null, 'Skynet 2.0 is live']) {
  describePaths('banner', machine, {
    input: { ignored },
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
      'banner.hidden': (s) => expect(s.hasTag('open')).toBe(false),
      'banner.loading': (s) => expect(s.hasTag('open')).toBe(false),
    },
  });
}
