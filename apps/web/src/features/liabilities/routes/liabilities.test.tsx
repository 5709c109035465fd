import type { LiabilitiesProof } from '@openbourse/contracts/liabilities-tree.ts';
import vectors from '@openbourse/contracts/liabilities-vectors.json' with { type: 'json' };
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';

// The committed 5-leaf vector: leaf 3 holds 1 BTC.
const vector = (vectors as unknown as { proofs: LiabilitiesProof[] }[])[2] as { proofs: LiabilitiesProof[] };
const proof = vector.proofs[3] as LiabilitiesProof;
const snap = proof.snapshot;
const root = {
  day: snap.day,
  takenAt: snap.takenAt,
  rootHash: snap.root.hash,
  leafCount: snap.leafCount,
  depth: 3,
  totals: snap.currencies.map((c, k) => ({
    currency: c.code,
    scale: c.scale,
    units: snap.root.sums[k],
    amount: c.code === 'BTC' ? '1.00000012' : '1.000012',
  })),
};

function handlers(over: Record<string, () => unknown> = {}) {
  return mockApi({
    ...baseHandlers,
    'GET index/liabilities': () => ok(root),
    'GET index/liabilitiesHistory': () => ok({ list: [root] }),
    'GET user/liabilitiesProof': () => ok(proof),
    ...over,
  });
}

describe('the proof of liabilities page', () => {
  it('shows the root, the user’s balances in the tree, and verifies the proof step by step', async () => {
    handlers();
    await renderApp('/profile/liabilities', { loggedIn: true });
    expect((await screen.findByTestId('pol-root-hash')).textContent).toBe(snap.root.hash);
    const mine = await screen.findByTestId('pol-mine');
    expect(within(mine).getByText('BTC')).toBeInTheDocument();
    expect(screen.getByTestId('pol-command').textContent).toContain(snap.root.hash);
    fireEvent.click(screen.getByTestId('pol-verify'));
    const steps = await screen.findByTestId('pol-steps');
    expect(steps.querySelectorAll('.pol-step--ok')).toHaveLength(6);
    expect(screen.getByTestId('pol-outcome').textContent).toMatch(/^Verified/);
  });

  it('fails at the root when the proof was tampered with', async () => {
    const tampered: LiabilitiesProof = JSON.parse(JSON.stringify(proof));
    tampered.leaf.balances[0] = '200000000';
    handlers({ 'GET user/liabilitiesProof': () => ok(tampered) });
    await renderApp('/profile/liabilities', { loggedIn: true });
    fireEvent.click(await screen.findByTestId('pol-verify'));
    await waitFor(() => expect(screen.getByTestId('pol-outcome').textContent).toMatch(/^Verification failed/));
    expect(document.querySelector('.pol-step--fail')?.getAttribute('data-step')).toBe('root');
  });

  it('says so when the user had no balance, or when nothing is published', async () => {
    handlers({ 'GET user/liabilitiesProof': () => fail(40141, 'no balance') });
    const first = await renderApp('/profile/liabilities', { loggedIn: true });
    expect(await screen.findByTestId('pol-not-in')).toBeInTheDocument();
    first.unmount();
    handlers({ 'GET index/liabilities': () => fail(40140, 'none') });
    const second = await renderApp('/profile/liabilities', { loggedIn: true });
    expect(await screen.findByTestId('pol-none')).toBeInTheDocument();
    second.unmount();
  });

  it('asks a visitor to log in for their own proof, the root still shown', async () => {
    handlers();
    await renderApp('/profile/liabilities');
    await screen.findByTestId('pol-root-hash');
    expect(screen.getByText('Log in to see your balances in the tree and verify your proof.')).toBeInTheDocument();
  });
});
