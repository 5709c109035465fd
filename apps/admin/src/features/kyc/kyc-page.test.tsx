import type { AdminKycItem } from '@openbourse/contracts/kyc.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { sessionStore } from '@/shared/session';
import { me, ok, polyfillDialog, refused, serve, signIn } from '@/test/fake-api';

const reviewer = me('reviewer', ['dashboard.read', 'users.read', 'reviews.decide']);
const FRONT = '0a1b2c3d-0000-4000-8000-000000000001';
const BACK = '0a1b2c3d-0000-4000-8000-000000000002';
const IN_HAND = '0a1b2c3d-0000-4000-8000-000000000003';

const waiting: AdminKycItem = {
  id: 3107,
  userId: 1042,
  username: 'alice',
  firstName: 'Amina',
  lastName: 'Okafor',
  birthDate: '1990-04-12',
  sex: 'female',
  country: 'GB',
  address: '12 Harbour Street, Leith, Edinburgh EH6 6LB',
  phone: '+44 7700 900123',
  documentType: 'id_card',
  frontFileId: FRONT,
  backFileId: BACK,
  inHandFileId: IN_HAND,
  status: 'pending',
  reason: null,
  submittedAt: Date.UTC(2026, 10, 26, 9, 30),
  decidedAt: null,
  decidedBy: null,
};

const decided = (status: 'verified' | 'failed', by: string, reason: string | null = null): AdminKycItem => ({
  ...waiting,
  status,
  reason,
  decidedAt: Date.UTC(2026, 10, 26, 10, 0),
  decidedBy: by,
});

const page = (list: AdminKycItem[], total = list.length) => ok({ list, total, page: 1, size: 25 });
const png = () => new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }));
const files = { [`files/${FRONT}`]: png, [`files/${BACK}`]: png, [`files/${IN_HAND}`]: png };

async function openApplication(routes: Parameters<typeof serve>[0], item: AdminKycItem = waiting) {
  const calls = serve({ 'auth/me': () => ok(reviewer), kyc: () => page([item]), ...files, ...routes });
  window.history.pushState({}, '', '/admin/kyc');
  render(<App />);
  fireEvent.click(await screen.findByText('alice'));
  const dialog = await screen.findByRole('dialog', { name: `KYC application ${item.id}` });
  return { calls, dialog };
}

const fileCalls = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([u]) => String(u).includes('/files/'))
    .map(([u, init]) => ({ url: String(u), headers: init?.headers }));

beforeEach(() => {
  polyfillDialog();
  localStorage.clear();
  signIn(reviewer);
  let n = 0;
  // jsdom has no object URLs: each photo's bytes are shown through one.
  URL.createObjectURL = vi.fn(() => `blob:photo-${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.set(null);
});

describe('kyc', () => {
  it('is in the navigation and lists the waiting applications by default', async () => {
    const calls = serve({ 'auth/me': () => ok(reviewer), kyc: () => page([waiting]) });
    window.history.pushState({}, '', '/admin/');
    render(<App />);
    fireEvent.click(await screen.findByRole('link', { name: /KYC/ }));
    const table = await screen.findByRole('table', { name: 'KYC applications' });
    expect(calls.find((c) => c.path === 'kyc')?.query.get('status')).toBe('pending');
    expect(await within(table).findByText('Amina Okafor')).toBeTruthy();
    expect(within(table).getByText('ID card')).toBeTruthy();
    expect(within(table).getByText('United Kingdom (GB)')).toBeTruthy();
    expect(within(table).getByText('Pending')).toBeTruthy();
  });

  it('filters by state and pages', async () => {
    const calls = serve({
      'auth/me': () => ok(reviewer),
      kyc: ({ query }) => page([{ ...waiting, id: Number(query.get('page') ?? 1) }], 60),
    });
    window.history.pushState({}, '', '/admin/kyc');
    render(<App />);
    await screen.findByRole('table', { name: 'KYC applications' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    await waitFor(() => expect(calls.at(-1)?.query.get('status')).toBe('failed'));
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('page')).toBe('2'));
    expect(calls.at(-1)?.query.get('status')).toBe('failed');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    await waitFor(() => expect(calls.at(-1)?.query.has('status')).toBe(false));
  });

  it('shows the details and the three photos fetched with the session token; rotates and zooms', async () => {
    const { dialog } = await openApplication({});
    expect(within(dialog).getByText('alice (ID 1042)')).toBeTruthy();
    expect(within(dialog).getByText('1990-04-12 (36 when submitted)')).toBeTruthy();
    expect(within(dialog).getByText(waiting.address)).toBeTruthy();
    expect(within(dialog).getByText('+44 7700 900123')).toBeTruthy();
    expect(within(dialog).getByText('United Kingdom (GB)')).toBeTruthy();
    const viewer = within(dialog).getByTestId('proof-viewer');
    const image = await within(viewer).findByRole('img', { name: "The front of the user's document" });
    await waitFor(() => expect(image.getAttribute('src')).toMatch(/^blob:photo-/));
    await waitFor(() =>
      expect(
        fileCalls()
          .map((c) => c.url)
          .sort(),
      ).toEqual([FRONT, BACK, IN_HAND].map((id) => `/swx/admin/files/${id}`).sort()),
    );
    for (const call of fileCalls()) expect(call.headers).toMatchObject({ Authorization: 'adm_test' });

    fireEvent.click(within(viewer).getByRole('button', { name: 'Rotate right' }));
    expect(within(viewer).getByRole('img').getAttribute('data-rotation')).toBe('90');
    fireEvent.click(within(viewer).getByRole('button', { name: 'Rotate left' }));
    fireEvent.click(within(viewer).getByRole('button', { name: 'Rotate left' }));
    expect(within(viewer).getByRole('img').getAttribute('data-rotation')).toBe('270');
    fireEvent.click(within(viewer).getByText('2×'));
    expect(within(viewer).getByRole('button', { name: /2×, turned 270°/ })).toBeTruthy();

    // The photo in hand: a fresh view (unturned), no new fetch (each photo is fetched once).
    const before = fileCalls().length;
    fireEvent.click(within(dialog).getByRole('button', { name: /In hand/ }));
    const inHand = await within(dialog).findByRole('img', { name: 'The user holding their document' });
    expect(inHand.getAttribute('data-rotation')).toBe('0');
    expect(fileCalls()).toHaveLength(before);
  });

  it('has no back photo for a passport', async () => {
    const passport = { ...waiting, documentType: 'passport' as const, backFileId: null };
    const { dialog } = await openApplication({}, passport);
    expect(within(dialog).getByText('Passport')).toBeTruthy();
    const back = within(dialog).getByRole('button', { name: /Back/ }) as HTMLButtonElement;
    expect(back.disabled).toBe(true);
    await within(dialog).findByRole('img', { name: "The front of the user's passport" });
    expect(fileCalls().some((c) => c.url.includes(BACK))).toBe(false);
  });

  it('approves and the row shows it verified', async () => {
    let answer: (r: Response) => void = () => {};
    const { calls, dialog } = await openApplication({
      [`kyc/${waiting.id}/approve`]: () => new Promise<Response>((r) => (answer = r)),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect((within(dialog).getByRole('button', { name: 'Reject…' }) as HTMLButtonElement).disabled).toBe(true);
    answer(ok(decided('verified', 'reviewer@example.com')));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull());
    expect(calls.filter((c) => c.path.endsWith('/approve'))).toHaveLength(1);
    const table = screen.getByRole('table', { name: 'KYC applications' });
    expect(within(table).getByText('Verified')).toBeTruthy();
    expect(within(table).getByText('reviewer@example.com')).toBeTruthy();
  });

  it('rejects with the reason typed in its dialog', async () => {
    const { calls, dialog } = await openApplication({
      [`kyc/${waiting.id}/reject`]: ({ body }) =>
        ok(decided('failed', 'reviewer@example.com', (body as { reason: string }).reason)),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject…' }));
    const ask = screen.getByRole('dialog', { name: 'Reject the application' });
    const submit = within(ask).getByRole('button', { name: 'Reject application' }) as HTMLButtonElement;
    fireEvent.change(within(ask).getByLabelText('Reason'), { target: { value: 'no' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(ask).getByLabelText('Reason'), {
      target: { value: '  The photo in hand does not show the face  ' },
    });
    fireEvent.click(submit);
    await within(dialog).findByText('The photo in hand does not show the face');
    expect(calls.find((c) => c.path.endsWith('/reject'))?.body).toEqual({
      reason: 'The photo in hand does not show the face',
    });
    expect(within(screen.getByRole('table', { name: 'KYC applications' })).getByText('Failed')).toBeTruthy();
  });

  it("says when another reviewer decided first (40036) and shows that reviewer's decision", async () => {
    const { calls, dialog } = await openApplication({
      [`kyc/${waiting.id}/approve`]: () => refused(40036, 'Another reviewer has already decided this request'),
      [`kyc/${waiting.id}`]: () => ok(decided('failed', 'other@example.com', 'Expired document')),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Another reviewer has already decided this request',
    );
    await within(dialog).findByText(/by other@example\.com/);
    expect(within(dialog).getByText('Expired document')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(calls.filter((c) => c.path === `kyc/${waiting.id}` && c.method === 'GET')).toHaveLength(1);
  });
});
