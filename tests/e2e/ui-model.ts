/**
 * Model-based UI tests: the paths the path tests plan on a machine (tests/paths/harness.ts) are driven through the
 * real UI in Chromium against the real server. Each model event is performed in the page (a click, typing, or
 * letting a held server answer through), and after every step the DOM is checked against each state the machine
 * is predicted to be in. A state or transition counts as reached through the UI only once a path that takes it
 * passed in the browser; per machine the shares go to .tmp/ui-paths/<name>.json (several runs of one machine add
 * up), which `npm run test:paths` reports beside the path coverage.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { afterAll, describe, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import {
  allStateIds,
  allTransitionKeys,
  planPaths,
  replay,
  type Candidate,
  type PlanOptions,
  type StepEffect,
} from '../paths/harness';

export type UiStep = { page: Page; event: EventObject & Record<string, unknown>; step: StepEffect };

export type UiModel = PlanOptions & {
  /** The machine's name in the reports (its `id`). */
  name: string;
  /** The machine, its actors provided as stubs that never settle (their outcomes are model events). */
  machine: AnyStateMachine;
  /** A fresh page at the flow's start, for each path (given the path's events, e.g. to prepare the server). */
  open: (events: EventObject[]) => Promise<Page>;
  /** Performs one model event in the page, per event type. */
  perform: Record<string, (ui: UiStep) => Promise<void>>;
  /** DOM checks per state id, run after every step whose predicted snapshot is in that state. */
  states: Record<string, (page: Page, snapshot: AnyMachineSnapshot, step: StepEffect) => Promise<void>>;
  /** Closes what `open` made. */
  close: (page: Page) => Promise<void>;
};

/** Registers one browser test per planned path and writes the machine's UI coverage after the file. */
export function describeUiPaths(model: UiModel) {
  const paths = withoutPrefixes(planPaths(model.machine, { ...model, variants: false }));
  const states = new Set<string>();
  const transitions = new Set<string>();

  describe(`${model.name} through the UI`, () => {
    for (const candidate of paths) {
      it(candidate.description, PATH_TEST, async () => {
        // The model's prediction for each step: snapshots, transitions taken, effects.
        const predicted: StepEffect[] = [];
        const reached = replay(model.machine, model.input, candidate.events, (step) => predicted.push(step));
        const trace = stepTrace(model.name, candidate.description);
        const page = await trace.step('open the page', () => model.open(candidate.events));
        // Checks that read an element wait for it at most this long, so a missing one fails inside the step's
        // `eventually` with its own message (Playwright's 30 s default, inside a 20 s retry loop, outlasted the test).
        page.setDefaultTimeout(ACTION_TIMEOUT_MS);
        page.setDefaultNavigationTimeout(30_000);
        try {
          for (const step of predicted) {
            if (step.event.type !== 'xstate.init') {
              const perform = model.perform[step.event.type];
              if (!perform) throw new Error(`${model.name}: no way to perform ${step.event.type} in the UI`);
              await trace.step(`perform ${step.event.type}`, () =>
                perform({ page, event: step.event, step }),
              );
            }
            for (const id of activeStateIds(step.after)) {
              const check = model.states[id];
              if (check) await trace.step(`check ${id}`, () => check(page, step.after, step));
            }
          }
        } finally {
          await model.close(page);
        }
        reached.states.forEach((s) => states.add(s));
        reached.transitions.forEach((t) => transitions.add(t));
      });
    }
  });

  afterAll(() => {
    const dir = path.resolve('.tmp/ui-paths');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${model.name}.json`);
    // Several runs of one machine (other inputs, other files) add up: merge with what an earlier one wrote.
    if (existsSync(file)) {
      const earlier = JSON.parse(readFileSync(file, 'utf8')) as {
        states: { reached: string[] };
        transitions: { reached: string[] };
      };
      earlier.states.reached.forEach((s) => states.add(s));
      earlier.transitions.reached.forEach((t) => transitions.add(t));
    }
    const allStates = allStateIds(model.machine);
    const allTransitions = allTransitionKeys(model.machine);
    const checked = allStates.filter((s) => model.states[s]);
    writeFileSync(
      file,
      JSON.stringify(
        {
          machine: model.name,
          states: { all: allStates, reached: allStates.filter((s) => states.has(s)), checked },
          transitions: { all: allTransitions, reached: allTransitions.filter((t) => transitions.has(t)) },
        },
        null,
        2,
      ),
    );
  });
}

/**
 * The planned paths less those another path begins with: the browser checks the predicted states after every step,
 * so a path that a longer one starts with checks nothing the longer one does not, and each path costs a fresh page
 * (opening it, signing in) before its first step.
 */
function withoutPrefixes(paths: Candidate[]): Candidate[] {
  // Errors by their message and fields: two failures of one event type can differ only there.
  const key = (event: EventObject) =>
    JSON.stringify(event, (_k, value: unknown) =>
      value instanceof Error ? { ...value, message: value.message } : value,
    );
  const keys = paths.map((p) => p.events.map(key));
  const startsWith = (longer: string[], shorter: string[]) =>
    longer.length > shorter.length && shorter.every((k, i) => longer[i] === k);
  return paths.filter((_, i) => !keys.some((other) => startsWith(other, keys[i]!)));
}

/**
 * A path's steps wait for the UI and the server, each bounded (`eventually`, ACTION_TIMEOUT_MS, holdRequests), so a
 * path fails on its own message well before the test's timeout. One retry: in CI the browser suites share two cores
 * with the server suites, and a path once stalled there past 60 s on a step that takes 2 s alone (every other path
 * of its machine passed). A failed first attempt is still printed (stepTrace), so a real defect shows in the log.
 */
const PATH_TEST = { timeout: 120_000, retry: 1 } as const;
const ACTION_TIMEOUT_MS = 15_000;

/**
 * Times a path's steps; when one throws, prints which step of which path failed after how long, with the steps
 * before it, then rethrows (a retried path that passes the second time still leaves this in the log).
 */
function stepTrace(machine: string, description: string) {
  const started = Date.now();
  const done: string[] = [];
  return {
    async step<T>(name: string, run: () => Promise<T>): Promise<T> {
      const at = Date.now();
      try {
        const result = await run();
        done.push(`${name} (${Date.now() - at} ms)`);
        return result;
      } catch (error) {
        console.error(
          `${machine} through the UI, "${description}": "${name}" failed after ${Date.now() - at} ms ` +
            `(${Date.now() - started} ms into the path); before it: ${done.join(', ') || 'nothing'}.\n` +
            `${error instanceof Error ? error.message : String(error)}`,
        );
        throw error;
      }
    },
  };
}

/**
 * Retries an assertion until it holds (the UI renders asynchronously), failing with its last error. 20 s: in CI the
 * browser suites share two cores with the server suites, and steps that take well under a second alone took over 5 s.
 */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

function activeStateIds(snapshot: AnyMachineSnapshot): string[] {
  return (snapshot as unknown as { _nodes: { id: string }[] })._nodes
    .map((n) => n.id)
    .filter((id) => id.includes('.'));
}

/**
 * Holds the page's requests to one API route until the model says how they end, so the UI's in-between states
 * (loading, submitting) can be checked and the server's answer arrives exactly when the model's done or error
 * event is performed. Answers come from the real server.
 */
const ARRIVAL_TIMEOUT_MS = 20_000;

export async function holdRequests(page: Page, pattern: string | RegExp) {
  const held: Route[] = [];
  let arrived: (() => void) | undefined;
  await page.route(pattern, (route) => {
    held.push(route);
    arrived?.();
  });
  /** Waits for at least one held request, then settles every held one (older ones were dropped by the app). */
  const settleAll = async (settle: (route: Route) => Promise<void>) => {
    if (held.length === 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        new Promise<void>((resolve) => (arrived = resolve)),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(new Error(`no request to ${String(pattern)} arrived within ${ARRIVAL_TIMEOUT_MS} ms`)),
            ARRIVAL_TIMEOUT_MS,
          );
        }),
      ]).finally(() => clearTimeout(timer));
    }
    for (const route of held.splice(0)) await settle(route);
  };
  return {
    /** Lets the held requests through to the real server. */
    answer: () => settleAll((route) => route.continue()),
    /** Fails them as the server would on an internal error. */
    fail: () =>
      settleAll((route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'InternalServerError', message: 'Something went wrong.' }),
        }),
      ),
    pending: () => held.length,
  };
}
