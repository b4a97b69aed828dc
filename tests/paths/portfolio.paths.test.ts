import { expect, it, vi } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot, EventObject } from 'xstate';
import type { Portfolio, WalletImport } from '../../api/portfolio';
import { portfolioMachine } from '../../machines/account/portfolio/portfolio.machine';
import { connectPortfolio } from '../../machines/account/portfolio/portfolio.connect';
import type { PortfolioContext, PortfolioEvent } from '../../machines/account/portfolio/portfolio.types';
import { describePaths, pendingActors, replay, type StepEffect } from './harness';
import { answersIn } from './answers';

const ctx = (s: AnyMachineSnapshot) => s.context as PortfolioContext;

/** A holding of Uniswap (from the wallets) worth the whole portfolio, and its exposure. */
const UNI_HOLDING = {
  id: 'uni',
  name: 'Uniswap',
  logo: '/logos/uni.png',
  tokenTickers: ['UNI'],
  rank: 3,
  score: 80,
  tier: 'AA',
  risk: 'low',
  share: 1,
  source: 'wallet',
} as const;
const portfolio = (totalUsd: number, held = true) =>
  ({
    wallets: [],
    projects: [],
    holdings: held ? [{ ...UNI_HOLDING, amountUsd: totalUsd, atRiskUsd: totalUsd / 5 }] : [],
    exposure: {
      totalUsd,
      atRiskUsd: totalUsd / 5,
      valueWeightedScore: held ? 80 : null,
      risk: held ? 'low' : null,
      byTier: [{ tier: 'AA', amountUsd: totalUsd, share: held ? 1 : 0 }],
      byRisk: [
        { risk: 'high', amountUsd: 0, share: 0 },
        { risk: 'low', amountUsd: totalUsd, share: held ? 1 : 0 },
      ],
    },
  }) as unknown as Portfolio;
const LOADED = portfolio(100);
const SAVED = portfolio(200);
// Nothing held once the holding is removed.
const REMOVED = portfolio(50, false);
const IMPORTED = portfolio(900);
/** A write the server refused with its own message (an HttpError). */
const refused = Object.assign(new Error('Enter at most $1,000,000,000,000.'), { code: 'ValidationError' });
/** A coded answer that is not an Error: not the server's message to show. */
const odd = { code: 'Weird', message: 'internal detail' };
const offline = new Error('offline');
const FAILED = 'That did not work. Please try again.';
/** The amounts typed below, in dollars (the others are not amounts). */
const AMOUNTS_USD: Record<string, number | undefined> = { '2,500': 2500 };

const UNISWAP = { id: 'uni', name: 'Uniswap' };
const AAVE = { id: 'aave', name: 'Aave' };
const NAMES: Record<string, string> = { uni: 'Uniswap', aave: 'Aave' };

const machine = portfolioMachine.provide({
  actors: pendingActors('load', 'setHolding', 'deleteHolding', 'importWallets'),
});

const requests = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();
const requestInput = (s: AnyMachineSnapshot, id: string) =>
  (s.children[id] as AnyActorRef | undefined)?.getSnapshot().input as unknown;
/** The actions run for the app (XState's own starting and stopping of requests are checked on the children). */
const appActions = (step: StepEffect) => step.actions.filter((a) => !a.type.startsWith('xstate.'));

type Snapshot = Parameters<typeof connectPortfolio>[0];
const RISK_LABEL = { high: 'High risk', medium: 'Medium risk', low: 'Low risk' } as const;
/** The view model (portfolio.connect) of a snapshot, with a plain dollar format, and what its getters send. */
const connected = (s: AnyMachineSnapshot) => {
  const sent: PortfolioEvent[] = [];
  const send = vi.fn((event: PortfolioEvent) => void sent.push(event));
  const v = connectPortfolio(s as Snapshot, send, { formatUsd: (n) => `$${n}`, riskLabel: RISK_LABEL });
  return { v, sent };
};

/** What the page shows in any state: loading, the failure with Retry, or the form, the messages and the holdings. */
const viewChecks = (s: AnyMachineSnapshot) => {
  const { v, sent } = connected(s);
  const c = ctx(s);
  const busy = s.hasTag('busy');
  expect(v.loading).toBe(s.hasTag('loading'));
  expect(v.busy).toBe(busy);
  if (v.loading) {
    expect(v.getSkeletonProps()).toEqual({ className: 'skeleton settings-skeleton', 'aria-busy': 'true' });
    return;
  }
  expect(v.loadFailed).toBe(s.hasTag('error'));
  if (v.loadFailed) {
    expect(v.loadFailedText).toBe('Could not load your portfolio.');
    v.getRetryProps().onRetry();
    expect(sent).toEqual([{ type: 'RETRY' }]);
    return;
  }
  expect(v.data).toBe(c.data);
  expect(v.heading).toBe('Holdings');
  expect(v.getSectionProps()).toEqual({
    className: 'settings-section',
    'aria-labelledby': v.headingId,
    'data-scope': 'holdings',
  });
  expect(v.getFormProps()).toMatchObject({ className: 'holding-form', 'aria-label': 'Add a holding' });
  expect(v.projectLabel).toBe('Project');
  expect(v.getProjectSearchProps()).toMatchObject({ variant: 'page', id: 'holding-project', minLength: 2 });
  expect(v.pickedText).toBe(c.project ? `Selected: ${c.project.name}` : 'No project selected');
  expect(v.amountLabel).toBe('Amount (USD)');
  expect(v.getAmountInputProps()).toMatchObject({
    type: 'text',
    inputMode: 'decimal',
    name: 'amountUsd',
    value: c.amount,
    placeholder: 'e.g. 2,500',
    disabled: busy,
  });
  // Save takes a complete form only, and no control starts a write while one is on the way.
  expect(v.saveText).toBe('Save holding');
  expect(v.getSaveButtonProps()).toEqual({
    type: 'submit',
    className: 'btn btn-primary',
    disabled: busy || c.project === null || AMOUNTS_USD[c.amount] === undefined,
  });
  expect(v.importText).toBe('Import from wallets');
  expect(v.getImportButtonProps()).toMatchObject({
    type: 'button',
    className: 'btn btn-secondary',
    disabled: busy,
  });
  expect(v.notice).toBe(c.notice);
  expect(v.error).toBe(c.error);
  const held = c.data!.holdings.length > 0;
  expect(v.empty).toBe(!held);
  expect(v.emptyText).toBe('No holdings yet. Add what you hold of a project, or import from your wallets.');
  const total = c.data!.exposure.totalUsd;
  if (held) {
    expect(v.facts).toEqual({
      totalText: `$${total}`,
      atRiskText: `$${total / 5}`,
      atRiskHint: '(each holding × (100 − score) %)',
      score: 80,
      riskText: '(Low risk)',
    });
    expect(v.charts).toEqual([
      {
        title: 'Exposure by tier',
        slices: [
          {
            label: 'AA',
            barProps: { className: 'exposure-bar', style: { width: '100%' } },
            valueText: `$${total} · 100%`,
          },
        ],
      },
      {
        title: 'Exposure by risk',
        slices: [
          {
            label: 'High risk',
            barProps: { className: 'exposure-bar is-high', style: { width: '0%' } },
            valueText: '$0 · 0%',
          },
          {
            label: 'Low risk',
            barProps: { className: 'exposure-bar is-low', style: { width: '100%' } },
            valueText: `$${total} · 100%`,
          },
        ],
      },
    ]);
    expect(v.tableCaption).toBe('Riskiest first (most value at risk)');
    expect(v.columns).toEqual(['Project', 'Score', 'Amount', 'At risk']);
    expect(v.actionsLabel).toBe('Actions');
    const [holding] = v.holdings;
    expect(v.holdings).toHaveLength(1);
    expect(v.row(holding!)).toEqual({
      href: '/projects/uni',
      fromWallets: true,
      sourceText: 'from wallets',
      scoreText: '80 · AA',
      amountText: `$${total}`,
      shareText: '(100%)',
      atRiskText: `$${total / 5}`,
    });
    const remove = v.getRemoveButtonProps(holding!);
    expect(remove).toMatchObject({ what: 'Uniswap', disabled: busy });
    remove.onRemove();
  } else {
    expect(v.holdings).toEqual([]);
    expect(v.facts).toMatchObject({ riskText: null, score: null });
  }
  // Each control sends its event.
  const preventDefault = vi.fn();
  v.getProjectSearchProps().onPick(AAVE);
  v.getAmountInputProps().onChange({ target: { value: '12' } });
  v.getFormProps().onSubmit({ preventDefault });
  v.getImportButtonProps().onClick();
  expect(preventDefault).toHaveBeenCalledOnce();
  expect(sent).toEqual([
    ...(held ? [{ type: 'REMOVE', projectId: 'uni' }] : []),
    { type: 'PICK_PROJECT', project: AAVE },
    { type: 'EDIT_AMOUNT', value: '12' },
    { type: 'SUBMIT' },
    { type: 'IMPORT' },
  ]);
};

/** The editor is idle again: nothing in flight, the form usable. */
const settled = (step: StepEffect) => {
  expect(step.after.value).toEqual({ ready: 'idle' });
  expect(step.after.hasTag('busy')).toBe(false);
  expect(requests(step.after)).toEqual([]);
};
/** The message a refused write shows: the server's own (HttpError) or the generic one. */
const failureText = (error: unknown) =>
  error instanceof Error && typeof (error as { code?: unknown }).code === 'string' ? error.message : FAILED;
/** A write starts: the editor is busy with that one request, and the last message is gone. */
const starts = (step: StepEffect, id: string, changes: Partial<PortfolioContext> = {}) => {
  expect(ctx(step.after)).toEqual({ ...ctx(step.before), notice: null, error: null, ...changes });
  expect(step.after.hasTag('busy')).toBe(true);
  expect(requests(step.after)).toEqual([id]);
  expect(appActions(step)).toEqual([]);
};

type Variant = {
  errors: Record<'setHolding' | 'deleteHolding' | 'importWallets', unknown>;
  imported: WalletImport;
  text: string;
};
const VARIANTS: Variant[] = [
  {
    errors: { setHolding: refused, deleteHolding: offline, importWallets: offline },
    imported: { imported: 3, unknownWallets: ['0xabc'], portfolio: IMPORTED } as unknown as WalletImport,
    text: 'Imported 3 holdings from your wallets. 1 wallet is not in our token index yet.',
  },
  {
    errors: { setHolding: offline, deleteHolding: refused, importWallets: odd },
    imported: { imported: 0, unknownWallets: [], portfolio: IMPORTED } as unknown as WalletImport,
    text: 'No new holdings found in your wallets.',
  },
  {
    errors: { setHolding: odd, deleteHolding: odd, importWallets: refused },
    imported: { imported: 1, unknownWallets: ['0xa', '0xb'], portfolio: IMPORTED } as unknown as WalletImport,
    text: 'Imported 1 holding from your wallets. 2 wallets are not in our token index yet.',
  },
];

const events =
  ({ errors, imported }: Variant) =>
  (s: AnyMachineSnapshot) => [
    { type: 'RETRY' },
    { type: 'PICK_PROJECT', project: UNISWAP },
    { type: 'EDIT_AMOUNT', value: '2,500' },
    { type: 'EDIT_AMOUNT', value: 'abc' },
    { type: 'SUBMIT' },
    { type: 'REMOVE', projectId: 'uni' },
    { type: 'IMPORT' },
    ...answersIn(s, 'loading', 'load', { outputs: [LOADED], errors: [offline] }),
    ...answersIn(s, { ready: 'saving' }, 'setHolding', { outputs: [SAVED], errors: [errors.setHolding] }),
    ...answersIn(s, { ready: 'removing' }, 'deleteHolding', {
      outputs: [REMOVED],
      errors: [errors.deleteHolding],
    }),
    ...answersIn(s, { ready: 'importing' }, 'importWallets', {
      outputs: [imported],
      errors: [errors.importWallets],
    }),
  ];

/** The last save sent (a stopped request no longer shows its input). */
let lastSave: { projectId: string } | null = null;

const transitions = ({ text }: Variant): Record<string, (step: StepEffect) => void> => ({
  // The portfolio shows; nothing to say yet.
  'portfolio.loading|xstate.done.actor.load': (step) => {
    expect(ctx(step.after)).toEqual({ ...ctx(step.before), data: step.event.output });
    expect(ctx(step.after).notice).toBeNull();
    expect(ctx(step.after).error).toBeNull();
    expect(step.after.hasTag('loading')).toBe(false);
    settled(step);
  },
  // The page offers Retry; nothing is shown as loaded.
  'portfolio.loading|xstate.error.actor.load': (step) => {
    expect(step.after.value).toBe('failed');
    expect(step.after.hasTag('error')).toBe(true);
    expect(step.after.hasTag('loading')).toBe(false);
    expect(ctx(step.after)).toEqual(ctx(step.before));
    expect(ctx(step.after).data).toBeNull();
    expect(requests(step.after)).toEqual([]);
  },
  'portfolio.failed|RETRY': (step) => {
    expect(step.after.value).toBe('loading');
    expect(step.after.hasTag('loading')).toBe(true);
    expect(ctx(step.after)).toEqual(ctx(step.before));
    expect(requests(step.after)).toEqual(['load']);
  },
  // The picked project shows in the form; nothing is sent.
  'portfolio.ready.idle|PICK_PROJECT': (step) => {
    expect(ctx(step.after)).toEqual({ ...ctx(step.before), project: step.event.project });
    expect(step.after.value).toEqual(step.before.value);
    expect(requests(step.after)).toEqual(requests(step.before));
  },
  'portfolio.ready.idle|EDIT_AMOUNT': (step) => {
    expect(ctx(step.after)).toEqual({ ...ctx(step.before), amount: step.event.value });
    expect(step.after.value).toEqual(step.before.value);
    expect(requests(step.after)).toEqual(requests(step.before));
  },
  // A complete form (a project and a valid amount) sends that project and the amount in dollars.
  'portfolio.ready.idle|SUBMIT': (step) => {
    const before = ctx(step.before);
    expect(before.project).not.toBeNull();
    const amountUsd = AMOUNTS_USD[before.amount];
    expect(amountUsd).toBeDefined();
    expect(step.after.value).toEqual({ ready: 'saving' });
    starts(step, 'setHolding');
    expect(requestInput(step.after, 'setHolding')).toEqual({ projectId: before.project!.id, amountUsd });
    lastSave = { projectId: before.project!.id };
  },
  'portfolio.ready.idle|REMOVE': (step) => {
    const projectId = step.event.projectId as string;
    expect(step.after.value).toEqual({ ready: 'removing' });
    starts(step, 'deleteHolding', { removing: projectId });
    expect(requestInput(step.after, 'deleteHolding')).toEqual({ projectId });
  },
  'portfolio.ready.idle|IMPORT': (step) => {
    expect(step.after.value).toEqual({ ready: 'importing' });
    starts(step, 'importWallets');
  },
  // Saved: the new portfolio shows, the message names the project that was saved, and the form is emptied
  // (unless the user has since started on another holding).
  'portfolio.ready.saving|xstate.done.actor.setHolding': (step) => {
    const before = ctx(step.before);
    const sent = lastSave!;
    const unchanged = before.project?.id === sent.projectId;
    expect(ctx(step.after)).toEqual({
      ...before,
      data: step.event.output,
      notice: `${NAMES[sent.projectId]} saved.`,
      ...(unchanged ? { project: null, amount: '' } : {}),
    });
    settled(step);
  },
  // Refused: the form keeps what was typed for another try, and the message says why.
  'portfolio.ready.saving|xstate.error.actor.setHolding': (step) => {
    expect(ctx(step.after)).toEqual({ ...ctx(step.before), error: failureText(step.event.error) });
    settled(step);
  },
  'portfolio.ready.removing|xstate.done.actor.deleteHolding': (step) => {
    expect(ctx(step.after)).toEqual({
      ...ctx(step.before),
      data: step.event.output,
      notice: 'Holding removed.',
      removing: null,
    });
    settled(step);
  },
  // The holding stays as it was shown.
  'portfolio.ready.removing|xstate.error.actor.deleteHolding': (step) => {
    expect(ctx(step.after)).toEqual({
      ...ctx(step.before),
      error: failureText(step.event.error),
      removing: null,
    });
    settled(step);
  },
  'portfolio.ready.importing|xstate.done.actor.importWallets': (step) => {
    expect(ctx(step.after)).toEqual({
      ...ctx(step.before),
      data: (step.event.output as WalletImport).portfolio,
      notice: text,
    });
    settled(step);
  },
  'portfolio.ready.importing|xstate.error.actor.importWallets': (step) => {
    expect(ctx(step.after)).toEqual({ ...ctx(step.before), error: failureText(step.event.error) });
    settled(step);
  },
});

for (const variant of VARIANTS)
  describePaths('portfolio', machine, {
    events: events(variant),
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        ctx(s).project?.id ?? null,
        ctx(s).amount,
        (ctx(s).data as { exposure: { totalUsd: number } } | null)?.exposure.totalUsd ?? null,
        ctx(s).notice,
        ctx(s).error,
      ]),
    limit: 5000,
    states: Object.fromEntries(
      ['loading', 'failed', 'ready.idle', 'ready.saving', 'ready.removing', 'ready.importing'].map(
        (state) => [`portfolio.${state}`, viewChecks],
      ),
    ),
    transitions: transitions(variant),
  });

// The project search and the amount are ignored while a save is in flight, so the answer names the project that was
// saved and the form it empties is the one that was sent (this once named the project picked since).
it('portfolio: a project picked while a save is in flight is neither named as saved nor cleared', () => {
  const checks = transitions(VARIANTS[0]!);
  replay(
    machine,
    undefined,
    [
      { type: 'xstate.done.actor.load', output: LOADED },
      { type: 'PICK_PROJECT', project: UNISWAP },
      { type: 'EDIT_AMOUNT', value: '2,500' },
      { type: 'SUBMIT' },
      { type: 'PICK_PROJECT', project: AAVE },
      { type: 'xstate.done.actor.setHolding', output: SAVED },
    ] as EventObject[],
    (step) => {
      for (const key of step.transitions) checks[key.slice(0, key.lastIndexOf('|'))]?.(step);
      if (step.event.type === 'xstate.done.actor.setHolding') {
        expect(ctx(step.after).notice).toBe(`${UNISWAP.name} saved.`);
        expect(ctx(step.after).project).toBeNull();
      }
    },
  );
});
