import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import type { ImportPreview } from '../../api/watchlist';
import {
  IMPORT_MESSAGES,
  watchlistImportMachine,
} from '../../machines/watchlist/import/watchlistImport.machine';
import { connectWatchlistImport } from '../../machines/watchlist/import/watchlistImport.connect';
import type {
  WatchlistImportEvent,
  WatchlistImportContext,
  WatchlistImported,
} from '../../machines/watchlist/import/watchlistImport.types';
import { describePaths, pending, type StepEffect } from './harness';
import { sameCheckIn } from './stateChecks';
import { answersIn } from './answers';

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

const OFFLINE = new Error('offline');
const LIMIT = Object.assign(new Error('You can keep at most 100 projects.'), { code: 'LimitExceeded' });
/** The requests in flight, by actor id. */
const requests = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();
const requestInput = (s: AnyMachineSnapshot, id: string) =>
  (s.children[id] as AnyActorRef | undefined)?.getSnapshot().input as unknown;
/** The machine's own actions (not XState's starting and stopping of requests). */
const own = (step: StepEffect) => step.actions.map((a) => a.type).filter((t) => !t.startsWith('xstate.'));
/** What the page was told was imported (the `imported` action it provides). */
const reported = (step: StepEffect) => step.actions.filter((a) => a.type === 'imported').map((a) => a.params);
/** What the dialog says for a failed request: the server's refusal as it worded it, else the generic text. */
const shownFor = (error: unknown) =>
  error === refused
    ? 'The file is not valid JSON.'
    : error === LIMIT
      ? 'You can keep at most 100 projects.'
      : 'Unable to update watchlist.';

/** A request starts: the dialog is busy with exactly that one, and nothing is reported to the page. */
const requesting = (step: StepEffect, id: string, input: unknown) => {
  expect(step.after.hasTag('open')).toBe(true);
  expect(step.after.hasTag('busy')).toBe(true);
  expect(requests(step.after)).toEqual([id]);
  expect(requestInput(step.after, id)).toEqual(input);
  expect(reported(step)).toEqual([]);
};
/** The request is over: nothing busy, nothing running. */
const settled = (step: StepEffect) => {
  expect(step.after.hasTag('open')).toBe(true);
  expect(step.after.hasTag('busy')).toBe(false);
  expect(requests(step.after)).toEqual([]);
};
/** The dialog closes; nothing is sent or reported. */
const closes = (step: StepEffect) => {
  expect(step.after.hasTag('open')).toBe(false);
  expect(ctx(step.after)).toEqual(ctx(step.before));
  expect(requests(step.after)).toEqual([]);
  expect(reported(step)).toEqual([]);
  expect(own(step)).toEqual([]);
};
/** Editing the text drops the file name, the preview and any message; the user is back in the editor. */
const edits = (step: StepEffect) => {
  expect(ctx(step.after)).toEqual({
    ...ctx(step.before),
    text: step.event.text,
    fileName: null,
    preview: null,
    error: null,
  });
  expect(step.after.value).toBe('editing');
  settled(step);
};
/** A chosen file is read first; its name shows, the earlier preview and message go, the text waits for it. */
const readsFile = (step: StepEffect) => {
  const file = step.event.file as File;
  expect(ctx(step.after)).toEqual({ ...ctx(step.before), fileName: 'list.csv', preview: null, error: null });
  requesting(step, 'readFile', { file });
};

/** The view of a snapshot. */
const viewOf = (s: AnyMachineSnapshot) => connectWatchlistImport(s as never, () => undefined);
/** What a control's handler sent. */
const sends = (s: AnyMachineSnapshot, act: (v: ReturnType<typeof viewOf>) => void) => {
  const sent: WatchlistImportEvent[] = [];
  act(connectWatchlistImport(s as never, (e) => sent.push(e)));
  return sent;
};

/**
 * What every snapshot shows, read from the state and context (not from the tags the view reads): the dialog while
 * open, the result only once done, the form disabled while a file is read or a call runs, Preview only with some
 * text, Import only with a preview (its count), the preview row by row, the failure, and the event each control sends.
 */
function expectView(s: AnyMachineSnapshot) {
  const v = viewOf(s);
  const c = ctx(s);
  const busy = ['readingFile', 'previewing', 'importing'].includes(s.value as string);
  expect(v.open).toBe(s.value !== 'closed');
  expect(v.done).toBe(s.value === 'done');
  expect(v.busy).toBe(busy);
  expect(v.title).toBe(`Import into “${c.listName}”`);
  expect(v.resultText).toBe(IMPORT_MESSAGES.added(c.added ?? 0, c.listName));
  expect(v.getResultProps()).toEqual({ role: 'status', className: 'import-result' });
  expect(v.doneText).toBe('Done');
  expect(v.description).toBe(
    'Paste project names, tickers or ids, one per line, or a CSV or JSON export of a watchlist.',
  );
  expect(v.textLabel).toBe('Projects to import');
  expect(v.getTextLabelProps()).toEqual({ htmlFor: 'import-text' });
  expect(v.getTextareaProps()).toMatchObject({
    id: 'import-text',
    rows: 5,
    value: c.text,
    disabled: busy,
    placeholder: 'Uniswap\nAAVE\nlido-dao',
  });
  expect(v.fileText).toBe('Choose a file');
  expect(v.getFileLabelProps()).toEqual({ className: 'btn btn-secondary btn-sm import-file' });
  expect(v.getFileInputProps()).toMatchObject({
    type: 'file',
    accept: '.csv,.json,.txt,text/csv,application/json,text/plain',
    className: 'visually-hidden',
    disabled: busy,
  });
  expect(v.fileName).toBe(c.fileName);
  expect(v.previewText).toBe('Preview');
  expect(v.getPreviewButtonProps()).toMatchObject({
    type: 'button',
    className: 'btn btn-secondary btn-sm',
    disabled: busy || c.text.trim() === '',
  });
  expect(v.error).toBe(c.error);
  expect(v.getErrorProps()).toEqual({ className: 'field-error', role: 'alert' });
  const p = c.preview;
  expect(v.preview?.summary ?? null).toBe(
    p
      ? `${p.projects.length} of ${p.rows.length} ${p.rows.length === 1 ? 'row matches' : 'rows match'} a project.`
      : null,
  );
  expect(
    v.preview?.rows.map((r) => [
      r.key,
      r.line,
      r.input,
      r.project,
      r.statusText,
      r.getRowProps(),
      r.getStatusCellProps(),
    ]) ?? null,
  ).toEqual(
    p?.rows.map((r) => [
      r.line,
      r.line,
      r.input,
      r.project ? { name: r.project.name, tier: r.project.tier } : null,
      r.error ?? 'Will be added',
      { 'data-part': 'import-row', 'data-state': r.error ? 'error' : 'ok' },
      { 'data-label': 'Status', className: r.error ? 'import-error' : 'import-ok' },
    ]) ?? null,
  );
  expect(v.cancelText).toBe('Cancel');
  expect(v.getCancelButtonProps()).toMatchObject({ type: 'button', className: 'btn btn-secondary' });
  const n = p?.projects.length ?? 0;
  expect(v.importText).toBe(p ? `Import ${n} ${n === 1 ? 'project' : 'projects'}` : 'Import');
  expect(v.getImportButtonProps()).toMatchObject({
    type: 'button',
    className: 'btn btn-primary',
    disabled: busy || p === null,
  });
  expect(v.getDoneButtonProps()).toMatchObject({ type: 'button', className: 'btn btn-primary' });

  // Each control's event.
  expect(sends(s, (x) => x.close())).toEqual([{ type: 'CLOSE' }]);
  expect(sends(s, (x) => x.getDoneButtonProps().onClick())).toEqual([{ type: 'CLOSE' }]);
  expect(sends(s, (x) => x.getCancelButtonProps().onClick())).toEqual([{ type: 'CLOSE' }]);
  expect(sends(s, (x) => x.getPreviewButtonProps().onClick())).toEqual([{ type: 'PREVIEW' }]);
  expect(sends(s, (x) => x.getImportButtonProps().onClick())).toEqual([{ type: 'IMPORT' }]);
  expect(sends(s, (x) => x.getTextareaProps().onChange({ target: { value: 'aave' } }))).toEqual([
    { type: 'EDIT', text: 'aave' },
  ]);
  // A chosen file is sent and the input emptied, so the same file can be chosen again; no file, nothing sent.
  const target = { files: [FILE], value: 'C:\\fakepath\\list.csv' };
  expect(sends(s, (x) => x.getFileInputProps().onChange({ target }))).toEqual([
    { type: 'CHOOSE_FILE', file: FILE },
  ]);
  expect(target.value).toBe('');
  expect(sends(s, (x) => x.getFileInputProps().onChange({ target: { files: null, value: '' } }))).toEqual([]);
}

const STATES = ['closed', 'editing', 'readingFile', 'previewing', 'previewed', 'importing', 'done'];

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
      ...answersIn(s, 'readingFile', 'readFile', {
        outputs: ['uni\nNope'],
        errors: [new Error('unreadable')],
      }),
      ...answersIn(s, 'previewing', 'preview', { outputs: [MATCHED, NOTHING], errors: [refused, OFFLINE] }),
      ...answersIn(s, 'importing', 'importProjects', {
        outputs: [{ added: 1, projects: ['aave', 'uni'] }],
        errors: [OFFLINE, LIMIT],
      }),
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
    states: sameCheckIn('watchlistImport', STATES, expectView),
    transitions: {
      // The dialog opens empty on that list, whatever an earlier opening left.
      'watchlistImport.closed|OPEN': (step) => {
        expect(ctx(step.after)).toEqual({
          listId: 'l1',
          listName: 'Blue chips',
          text: '',
          fileName: null,
          preview: null,
          error: null,
          added: null,
        });
        expect(step.after.value).toBe('editing');
        const v = viewOf(step.after);
        expect([v.open, v.done, v.title, v.error, v.preview, v.importText]).toEqual([
          true,
          false,
          'Import into “Blue chips”',
          null,
          null,
          'Import',
        ]);
        expect(v.getPreviewButtonProps().disabled).toBe(true);
        expect(v.getImportButtonProps().disabled).toBe(true);
        settled(step);
      },
      'watchlistImport.editing|EDIT': edits,
      'watchlistImport.previewed|EDIT': edits,
      'watchlistImport.editing|CHOOSE_FILE': readsFile,
      'watchlistImport.previewed|CHOOSE_FILE': readsFile,
      // Only a non-blank text is previewed, as typed, against the list it is for.
      'watchlistImport.editing|PREVIEW': (step) => {
        expect(ctx(step.before).text.trim()).not.toBe('');
        expect(ctx(step.after)).toEqual(ctx(step.before));
        requesting(step, 'preview', { text: ctx(step.before).text, listId: ctx(step.before).listId });
      },
      'watchlistImport.editing|CLOSE': closes,
      'watchlistImport.previewed|CLOSE': closes,
      'watchlistImport.done|CLOSE': closes,
      // The file's text is previewed at once.
      'watchlistImport.readingFile|xstate.done.actor.readFile': (step) => {
        const text = step.event.output as string;
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), text });
        requesting(step, 'preview', { text: 'uni\nNope', listId: ctx(step.before).listId });
      },
      // An unreadable file: back to the editor, its name gone, the reason shown; the text is as it was.
      'watchlistImport.readingFile|xstate.error.actor.readFile': (step) => {
        expect(ctx(step.after)).toEqual({
          ...ctx(step.before),
          fileName: null,
          error: 'That file could not be read.',
        });
        expect(viewOf(step.after).error).toBe('That file could not be read.');
        expect(viewOf(step.after).fileName).toBeNull();
        expect(step.after.value).toBe('editing');
        settled(step);
      },
      'watchlistImport.previewing|xstate.done.actor.preview': (step) => {
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), preview: step.event.output, error: null });
        expect(step.after.value).toBe('previewed');
        // The preview shows row by row and Import names how many it adds.
        const v = viewOf(step.after);
        const output = step.event.output as ImportPreview;
        expect(v.preview?.summary).toBe(
          output === MATCHED ? '1 of 2 rows match a project.' : '0 of 1 row matches a project.',
        );
        expect(v.preview?.rows.map((r) => r.statusText)).toEqual(
          output === MATCHED
            ? ['Will be added', 'No project matches “Nope”.']
            : ['No project matches “Nope”.'],
        );
        expect(v.importText).toBe(output === MATCHED ? 'Import 1 project' : 'Import 0 projects');
        expect(v.getImportButtonProps().disabled).toBe(false);
        settled(step);
      },
      'watchlistImport.previewing|xstate.error.actor.preview': (step) => {
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), error: shownFor(step.event.error) });
        expect(ctx(step.after).preview).toBeNull();
        expect(viewOf(step.after).error).toBe(shownFor(step.event.error));
        expect(viewOf(step.after).preview).toBeNull();
        expect(step.after.value).toBe('editing');
        settled(step);
      },
      // Only the matched projects are sent to the list; with none matched, the dialog says so and sends nothing.
      'watchlistImport.previewed|IMPORT': (step) => {
        const preview = ctx(step.before).preview!;
        if (preview.projects.length === 0) {
          expect(ctx(step.after)).toEqual({
            ...ctx(step.before),
            error: 'No row matches a project: fix the rows above and preview again.',
          });
          expect(viewOf(step.after).error).toBe(
            'No row matches a project: fix the rows above and preview again.',
          );
          expect(step.after.value).toBe('previewed');
          settled(step);
          expect(reported(step)).toEqual([]);
          return;
        }
        expect(ctx(step.after)).toEqual(ctx(step.before));
        requesting(step, 'importProjects', { id: 'l1', projects: ['uni'] });
      },
      // The count is shown and the page hears what the list now holds.
      'watchlistImport.importing|xstate.done.actor.importProjects': (step) => {
        const output = step.event.output as { added: number; projects: string[] };
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), added: output.added, error: null });
        expect(step.after.value).toBe('done');
        const v = viewOf(step.after);
        expect([v.done, v.resultText, v.doneText]).toEqual([true, 'Added 1 project to Blue chips.', 'Done']);
        settled(step);
        expect(reported(step)).toEqual([{ listId: 'l1', added: output.added, projects: output.projects }]);
        expect(own(step)).toEqual(['imported']);
      },
      // A failed import keeps the preview, says why, and reports nothing.
      'watchlistImport.importing|xstate.error.actor.importProjects': (step) => {
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), error: shownFor(step.event.error) });
        expect(viewOf(step.after).error).toBe(shownFor(step.event.error));
        expect(viewOf(step.after).preview).not.toBeNull();
        expect(step.after.value).toBe('previewed');
        settled(step);
        expect(reported(step)).toEqual([]);
      },
    },
  },
);

describe('watchlistImport dialog', () => {
  it('previews a pasted list, imports only the matched projects and reports the count', async () => {
    const sent: { id: string; projects: string[] }[] = [];
    const imported: WatchlistImported[] = [];
    const actor = createActor(
      watchlistImportMachine.provide({
        actions: { imported: (_, params) => imported.push(params) },
        actors: {
          preview: fromPromise(async () => MATCHED),
          importProjects: fromPromise(async ({ input }: { input: { id: string; projects: string[] } }) => {
            sent.push(input);
            return { added: input.projects.length, projects: ['aave', ...input.projects] };
          }),
        },
      }),
    );
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
    expect(imported).toEqual([{ listId: 'l1', added: 1, projects: ['aave', 'uni'] }]);
  });

  it('reads a chosen file and previews it at once', async () => {
    const previewed: string[] = [];
    const actor = createActor(
      watchlistImportMachine.provide({
        actors: {
          preview: fromPromise(async ({ input }: { input: { text: string; listId: string | null } }) => {
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
