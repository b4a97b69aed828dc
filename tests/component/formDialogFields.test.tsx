import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { quoteFormMachine } from '../../machines/site/quote-form/quoteForm.machine';
import { incidentFormMachine } from '../../machines/incidents/form/incidentForm.machine';
import QuoteModal from '../../src/features/quote/QuoteModal';
import IncidentModal from '../../src/features/home/IncidentModal';

const started: AnyActorRef[] = [];
/** The form's machine, started and opened (as the Request a Quote or Report Incident button does). */
function opened<T extends { start: () => unknown; send: (event: { type: 'OPEN' }) => void }>(actor: T): T {
  actor.start();
  actor.send({ type: 'OPEN' });
  started.push(actor as unknown as AnyActorRef);
  return actor;
}
afterEach(() => {
  while (started.length) started.pop()!.stop();
});

/** The controls named by these labels, in order. */
const byLabels = <const L extends string[]>(...labels: L) =>
  labels.map((label) => screen.getByLabelText(label)) as { [K in keyof L]: HTMLElement };

/** The ids that name a control's description, resolved to their texts. */
const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('form dialog text fields', () => {
  it('quote: labelled fields, typed values reach the form, errors shown and named by their field after Submit', async () => {
    const user = userEvent.setup();
    const actor = opened(createActor(quoteFormMachine));
    render(<QuoteModal actorRef={actor} />);
    const [name, email, message] = byLabels('Name', 'Work email', 'Message');
    expect(name).toHaveAttribute('autocomplete', 'name');
    expect(name).not.toHaveAttribute('type');
    expect(email).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Company or project')).toHaveAttribute('autocomplete', 'organization');
    expect(message.tagName).toBe('TEXTAREA');
    expect(message).toHaveAttribute('placeholder', 'Repository, chains, deadline, anything we should know');
    for (const field of [name, email, message]) {
      expect(field).not.toHaveAttribute('aria-invalid');
      expect(field).not.toHaveAttribute('aria-describedby');
    }

    await user.type(name, 'Ada');
    expect(actor.getSnapshot().context.values.name).toBe('Ada');
    expect(name).toHaveValue('Ada');
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Request a Quote' }));

    expect(name).not.toHaveAttribute('aria-invalid');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(email)).toEqual(['Invalid email.']);
    expect(describedBy(screen.getByLabelText('Company or project'))).toEqual([
      'Please enter your company or project.',
    ]);
    expect(describedBy(message)).toEqual(['Tell us a little more (at least 10 characters).']);
  });

  it('incident: text inputs, a textarea, hints named by their field, and the error before the hint', async () => {
    const user = userEvent.setup();
    const actor = opened(createActor(incidentFormMachine));
    render(<IncidentModal actorRef={actor} />);
    const [project, hash, contact] = byLabels(
      'Project name',
      'Transaction hash (optional)',
      'Your email (optional)',
    );
    expect(project).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('What happened?').tagName).toBe('TEXTAREA');
    expect(contact).toHaveAttribute('type', 'email');
    expect(project).not.toHaveAttribute('aria-describedby');
    expect(describedBy(hash)).toEqual(['The transaction that shows the incident, if you have it.']);

    await user.type(hash, 'xyz');
    expect(actor.getSnapshot().context.values.txHash).toBe('xyz');
    await user.click(screen.getByRole('button', { name: 'Submit report' }));

    expect(project).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(project)).toEqual(['Please enter the project name.']);
    expect(describedBy(hash)).toEqual([
      'This does not look like a transaction hash.',
      'The transaction that shows the incident, if you have it.',
    ]);
    expect(contact).not.toHaveAttribute('aria-invalid');
  });
});
