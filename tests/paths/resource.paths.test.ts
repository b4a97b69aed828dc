import { expect } from 'vitest';
import { resourceMachine } from '../../machines/resource/resource.machine';
import { describePaths, pending } from './harness';

describePaths('resource', resourceMachine.provide({ actors: { load: pending() as never } }), {
  events: (s) => [
    { type: 'RETRY' },
    ...(s.hasTag('loading')
      ? [
          { type: 'xstate.done.actor.load', output: [1, 2, 3] },
          { type: 'xstate.error.actor.load', error: { kind: 'not-found', message: 'No such project' } },
          { type: 'xstate.error.actor.load', error: { kind: 'server', message: 'Boom' } },
        ]
      : []),
  ],
  states: {
    'resource.loading': (s) => expect(s.hasTag('loading')).toBe(true),
    'resource.ready': (s) => expect(s.context.data).toEqual([1, 2, 3]),
    'resource.notFound': (s) => expect(s.hasTag('notFound')).toBe(true),
    'resource.failed': (s) => {
      expect(s.hasTag('error')).toBe(true);
      expect(s.context.error).toBe('Boom');
    },
  },
});
