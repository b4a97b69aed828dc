import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef, type AnyStateMachine } from 'xstate';
import { drawerMachine } from '../../machines/ui/drawer/drawer.machine';
import { inspect } from '../../src/lib/inspect';
import MachineExplorer from '../../src/dev/MachineExplorer';
import { elkLayout, rootOf, type ChartLayout, type ChartNode } from '../../src/dev/chart';

/** A trivial layout (one row per state, indented by depth): the explorer's layout is injectable for tests. */
async function rowLayout(machine: AnyStateMachine): Promise<ChartLayout> {
  const nodes: ChartNode[] = [];
  const visit = (n: ReturnType<typeof rootOf>, depth: number) => {
    const children = Object.values(n.states);
    nodes.push({
      id: n.id,
      label: n.key,
      x: depth * 20,
      y: nodes.length * 40,
      width: 200,
      height: 36,
      compound: children.length > 0,
      final: n.type === 'final',
      depth,
    });
    children.forEach((c) => visit(c, depth + 1));
  };
  visit(rootOf(machine), 0);
  return { width: 300, height: nodes.length * 40, nodes, edges: [] };
}

const actors: AnyActorRef[] = [];
afterEach(() => {
  actors.splice(0).forEach((a) => a.stop());
});

const active = (container: HTMLElement) =>
  [
    ...container.querySelectorAll('[data-scope="machine-explorer"] [data-part="state"][data-active="true"]'),
  ].map((el) => el.getAttribute('data-state-id'));

describe('MachineExplorer (development only, /dev/machines)', () => {
  it('lists an inspected actor, highlights its state live, and sends it an event from the form', async () => {
    const user = userEvent.setup();
    const drawer = createActor(drawerMachine, { inspect, systemId: 'explorer-test-drawer' }).start();
    actors.push(drawer);
    const { container } = render(<MachineExplorer layout={rowLayout} />);

    const list = container.querySelector('[data-part="actor-list"]') as HTMLElement;
    const item = within(list).getByText('explorer-test-drawer').closest('button')!;
    expect(item).toHaveAttribute('data-part', 'actor');
    expect(item).toHaveTextContent('#drawer');
    expect(item).toHaveTextContent('closed');
    await user.click(item);
    expect(item).toHaveAttribute('aria-pressed', 'true');

    await waitFor(() => expect(container.querySelector('[data-part="chart"]')).toBeInTheDocument());
    expect(active(container)).toEqual(['drawer.closed']);

    // The form offers what the current state accepts.
    const form = container.querySelector('[data-part="send-form"]') as HTMLElement;
    const select = within(form).getByLabelText('Event') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['OPEN']);
    await user.click(within(form).getByLabelText(/Payload/));
    await user.paste('{"via":"explorer"}');
    await user.click(within(form).getByRole('button', { name: 'Send' }));

    expect(drawer.getSnapshot().value).toBe('open');
    await waitFor(() => expect(active(container)).toEqual(['drawer.open']));
    expect(item).toHaveTextContent('open');
    await waitFor(() => expect([...select.options].map((o) => o.value)).toEqual(['CLOSE', 'NAVIGATED']));

    // Newest first, with the payload and the state it led to.
    const log = container.querySelector('[data-part="event-log"]') as HTMLElement;
    const newest = within(log).getAllByRole('listitem')[0]!;
    expect(newest).toHaveAttribute('data-event-type', 'OPEN');
    expect(newest).toHaveTextContent('{"via":"explorer"}');
    expect(newest).toHaveTextContent('→ "open"');
    expect(newest.querySelector('time')?.textContent).toMatch(/^\d\d:\d\d:\d\d\.\d{3}$/);
    // Events sent by the app show up too.
    drawer.send({ type: 'CLOSE' });
    await waitFor(() => expect(active(container)).toEqual(['drawer.closed']));
    expect(within(log).getAllByRole('listitem')[0]).toHaveAttribute('data-event-type', 'CLOSE');
  });

  it('refuses a payload that is not a JSON object and sends nothing', async () => {
    const user = userEvent.setup();
    const drawer = createActor(drawerMachine, { inspect, systemId: 'explorer-test-drawer-2' }).start();
    actors.push(drawer);
    const { container } = render(<MachineExplorer layout={rowLayout} />);
    await user.click(screen.getByText('explorer-test-drawer-2'));
    const form = container.querySelector('[data-part="send-form"]') as HTMLElement;
    await user.click(within(form).getByLabelText(/Payload/));
    await user.paste('[1]');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The payload must be a JSON object.');
    expect(drawer.getSnapshot().value).toBe('closed');
  });

  it('lays a machine out with elkjs: nested boxes and labelled edges', async () => {
    const layout = await elkLayout(drawerMachine);
    expect(layout.nodes.map((n) => n.id)).toEqual(['drawer', 'drawer.closed', 'drawer.open']);
    const [root, closed] = layout.nodes;
    expect(closed!.x).toBeGreaterThanOrEqual(root!.x);
    expect(closed!.x + closed!.width).toBeLessThanOrEqual(root!.x + root!.width);
    expect(layout.edges.map((e) => e.label).sort()).toEqual(['CLOSE', 'NAVIGATED', 'OPEN']);
    expect(layout.edges.every((e) => e.points.length >= 2 && e.labelBox)).toBe(true);
  });
});
