import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { COPY_MESSAGES, copyMachine } from '../../machines/ui/copy/copy.machine';
import { Address } from '../../src/components/Address';

const ADDRESS = '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984';
const HASH = `0x${'0123456789abcdef'.repeat(4)}`;

const tooltip = () => screen.queryByRole('tooltip');
const shownTip = () => {
  const tip = tooltip();
  return tip?.classList.contains('is-visible') ? tip.textContent : null;
};

describe('Address', () => {
  it('shows the short form, with the full value for screen readers and in a hint on keyboard focus', async () => {
    const user = userEvent.setup();
    render(<Address value={ADDRESS} chain="Ethereum" name="UNI token" />);
    expect(screen.getByText('0x1f98…F984')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText(ADDRESS)).toHaveClass('visually-hidden');
    expect(tooltip()).toBeNull();

    await user.tab();
    const value = screen.getByText('0x1f98…F984').parentElement!;
    expect(value).toHaveFocus();
    // Shown once the placement actor has placed it under the value.
    await waitFor(() => expect(shownTip()).toBe(ADDRESS));
    expect(value).toHaveAttribute('aria-describedby', tooltip()!.id);

    // Escape hides the hint without moving focus (WCAG 1.4.13).
    await user.keyboard('{Escape}');
    expect(value).toHaveFocus();
    expect(shownTip()).toBeNull();
  });

  it('shows the hint after a short hover, and hides it when the pointer leaves', async () => {
    vi.useFakeTimers();
    try {
      render(<Address value={HASH} kind="tx" chain="Ethereum" />);
      const value = screen.getByText('0x0123…cdef').parentElement!;
      fireEvent.mouseEnter(value);
      expect(shownTip()).toBeNull();
      act(() => vi.advanceTimersByTime(300));
      expect(shownTip()).toBe(HASH);
      fireEvent.mouseLeave(value);
      act(() => vi.advanceTimersByTime(300));
      expect(tooltip()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('copies the full value and says "Copied" in a live region', async () => {
    const user = userEvent.setup();
    render(<Address value={ADDRESS} chain="Ethereum" name="UNI token" />);
    await user.click(screen.getByRole('button', { name: 'Copy the address of UNI token' }));
    expect(await navigator.clipboard.readText()).toBe(ADDRESS);
    expect(await screen.findByText('Copied')).toHaveAttribute('aria-live', 'polite');
  });

  it('says so when the clipboard refuses', async () => {
    const user = userEvent.setup();
    const refused = copyMachine.provide({
      actors: {
        write: fromPromise<void, { text: string }>(async () => {
          throw new Error('NotAllowedError');
        }),
      },
    });
    render(<Address value={HASH} kind="tx" chain="Ethereum" copyLogic={refused} />);
    await user.click(screen.getByRole('button', { name: 'Copy transaction 0x0123…cdef' }));
    expect(await screen.findByText(COPY_MESSAGES.failed)).toHaveAttribute('aria-live', 'polite');
  });

  it('links to the chain’s explorer: address and transaction pages on Etherscan, none on the devnet or for demo data', () => {
    const { unmount } = render(
      <>
        <Address value={ADDRESS} chain="Ethereum" name="UNI token" />
        <Address value={HASH} kind="tx" chain="Ethereum" />
      </>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])).toEqual([
      [
        'View the address of UNI token on a block explorer (opens in a new tab)',
        `https://etherscan.io/address/${ADDRESS}`,
      ],
      [
        'View transaction 0x0123…cdef on a block explorer (opens in a new tab)',
        `https://etherscan.io/tx/${HASH}`,
      ],
    ]);
    for (const a of links) {
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noopener noreferrer');
    }
    unmount();
    render(
      <>
        <Address value={ADDRESS} chain="Devnet" chainId={31337} />
        <Address value={ADDRESS} chain="Ethereum" demo />
      </>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Copy address 0x1f98…F984' })).toHaveLength(2);
  });
});
