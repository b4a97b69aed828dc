import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { ImportPreview } from '../../api/watchlist';
import {
  IMPORT_MESSAGES,
  watchlistImportMachine,
  type WatchlistImportContext,
  type WatchlistImportEmitted,
} from '../../machines/watchlist-import/watchlistImport.machine';
import { describePaths, pending } from './harness';

const ctx = (s: AnyMachineSnapshot) => s.context as WatchlistImportContext;
const row = (line: number, id: string | null, error: string | null) => ({
  line,
  input: id ?? 'Nope',
  project: id ? { id, name: id, tier: 'A', score: 70, logo: '/l.svg' } : null,
  error,
});
const MATCHED: ImportPreview = {
  rows: [row(1, 'uni', null), row(2, null, 'No project matches “Nope”.')],
  projects: ['uni'],
  name: null,
};
const NOTHING: ImportPreview = {
  rows: [row(1, null, 'No project matches “Nope”.')],
  projects: [],
  name: null,
};
const refused = Object.assign(new Error('The file is not valid JSON.'), { code: 'ValidationError' });
const FILE = new File(['uni\nNope'], 'list.csv', { type: 'text/csv' });

describePaths(
  'watchlistImport',
  watchlistImportMachine.provide({
    actors: { readFile: pending() as never, preview: pending() as never, importProjects: pending() as never },
  }),
  {
    events: (s) => [
      { type: 'OPEN', listId: 'l1', listName: 'Blue chips' },
      { type: 'EDIT', text: 'uni\nNope' },
      { type: 'EDIT', text: '  ' },
      { type: 'CHOOSE_FILE', file: FILE },
      { type: 'PREVIEW' },
      { type: 'IMPORT' },
      { type: 'CLOSE' },
      ...(s.matches('readingFile')
        ? [
            { type: 'xstate.done.actor.readFile', output: 'uni\nNope' },
            { type: 'xstate.error.actor.readFile', error: new Error('unreadable') },
          ]
        : []),
      ...(s.matches('previewing')
        ? [
            { type: 'xstate.done.actor.preview', output: MATCHED },
            { type: 'xstate.done.actor.preview', output: NOTHING },
            { type: 'xstate.error.actor.preview', error: refused },
          ]
        : []),
      ...(s.matches('importing')
        ? [
            { type: 'xstate.done.actor.importProjects', output: { added: 1, projects: ['aave', 'uni'] } },
            { type: 'xstate.error.actor.importProjects', error: new Error('offline') },
          ]
        : []),
    ],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        ctx(s).text,
        ctx(s).fileName,
        ctx(s).preview?.projects ?? null,
        ctx(s).error,
        ctx(s).added,
      ]),
    states: {
      'watchlistImport.closed': (s) => expect(s.hasTag('open')).toBe(false),
      'watchlistImport.editing': (s) => {
        expect(s.hasTag('open')).toBe(true);
        expect(s.hasTag('busy')).toBe(false);
        expect(ctx(s).preview).toBeNull();
        // Back in editing after a failure, the message names it: the server's own, or an unreadable file.
        if (ctx(s).error !== null)
          expect([refused.message, IMPORT_MESSAGES.fileFailed]).toContain(ctx(s).error);
        if (ctx(s).error === IMPORT_MESSAGES.fileFailed) expect(ctx(s).fileName).toBeNull();
      },
      'watchlistImport.readingFile': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(ctx(s).fileName).toBe('list.csv');
      },
      'watchlistImport.previewing': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(ctx(s).text.trim()).not.toBe('');
        expect(s.children.preview).toBeDefined();
      },
      'watchlistImport.previewed': (s) => {
        expect([MATCHED, NOTHING]).toContain(ctx(s).preview);
        if (ctx(s).error !== null) {
          // Import with no match, or an import the server refused, keeps the preview and says why.
          expect([IMPORT_MESSAGES.nothingToImport, IMPORT_MESSAGES.failed]).toContain(ctx(s).error);
        }
        if (ctx(s).error === IMPORT_MESSAGES.nothingToImport) expect(ctx(s).preview).toBe(NOTHING);
      },
      'watchlistImport.importing': (s) => {
        expect(ctx(s).preview).toBe(MATCHED);
        expect(s.children.importProjects).toBeDefined();
      },
      'watchlistImport.done': (s) => {
        expect(ctx(s).added).toBe(1);
        expect(ctx(s).error).toBeNull();
      },
    },
  },
);

describe('watchlistImport dialog', () => {
  it('previews a pasted list, imports only the matched projects and reports the count', async () => {
    const sent: { id: string; projects: string[] }[] = [];
    const imported: WatchlistImportEmitted[] = [];
    const actor = createActor(
      watchlistImportMachine.provide({
        actors: {
          preview: fromPromise(async () => MATCHED),
          importProjects: fromPromise(async ({ input }: { input: { id: string; projects: string[] } }) => {
            sent.push(input);
            return { added: input.projects.length, projects: ['aave', ...input.projects] };
          }),
        },
      }),
    );
    actor.on('imported', (e) => imported.push(e));
    actor.start();
    actor.send({ type: 'OPEN', listId: 'l1', listName: 'Blue chips' });
    actor.send({ type: 'PREVIEW' }); // nothing pasted yet: nothing happens
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'EDIT', text: 'uni\nNope' });
    actor.send({ type: 'PREVIEW' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('previewed');
    actor.send({ type: 'IMPORT' });
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([{ id: 'l1', projects: ['uni'] }]);
    expect(actor.getSnapshot().value).toBe('done');
    expect(IMPORT_MESSAGES.added(actor.getSnapshot().context.added!, 'Blue chips')).toBe(
      'Added 1 project to Blue chips.',
    );
    expect(imported).toEqual([{ type: 'imported', listId: 'l1', added: 1, projects: ['aave', 'uni'] }]);
  });

  it('reads a chosen file and previews it at once', async () => {
    const previewed: string[] = [];
    const actor = createActor(
      watchlistImportMachine.provide({
        actors: {
          preview: fromPromise(async ({ input }: { input: { text: string } }) => {
            previewed.push(input.text);
            return MATCHED;
          }),
        },
      }),
    ).start();
    actor.send({ type: 'OPEN', listId: 'l1', listName: 'Blue chips' });
    actor.send({ type: 'CHOOSE_FILE', file: FILE });
    await new Promise((r) => setTimeout(r, 20));
    expect(previewed).toEqual(['uni\nNope']);
    expect(actor.getSnapshot().context).toMatchObject({ fileName: 'list.csv', preview: MATCHED });
  });

  it('words the result for none, one and many', () => {
    expect(IMPORT_MESSAGES.added(0, 'L')).toBe('Every project was already in L.');
    expect(IMPORT_MESSAGES.added(3, 'L')).toBe('Added 3 projects to L.');
  });
});
