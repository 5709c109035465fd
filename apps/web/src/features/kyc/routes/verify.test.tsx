import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, type Handler, mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, demoUser, renderApp } from '@/shared/test/render-app';
import { DEMO_ACCOUNT, sessionStore } from '@/shared/session/session-store';

const ID = (n: number) => `6f1d3c1e-8a52-4f0e-9d55-2b7c0c7e9a1${n}`;
const SUBMITTED = Date.UTC(2026, 10, 20, 9, 30);

const application = (status: 'pending' | 'verified' | 'failed', reason: string | null = null) => ({
  id: 5,
  firstName: 'Ada',
  lastName: 'Lovelace',
  birthDate: '1990-12-10',
  sex: 'female',
  country: 'GB',
  address: '12 St James’s Square, London',
  phone: '+44 7700 900123',
  documentType: 'passport',
  status,
  reason,
  submittedAt: SUBMITTED,
  decidedAt: status === 'pending' ? null : SUBMITTED + 3_600_000,
  reviewBy: SUBMITTED + 48 * 3_600_000,
});

function handlers(extra: Record<string, Handler> = {}) {
  let uploads = 0;
  return mockApi({
    ...baseHandlers,
    'GET user/identification': () => ok({ status: 'none', application: null }),
    'POST file/upload': () => {
      uploads += 1;
      return ok({ id: ID(uploads), purpose: 'kyc', mime: 'image/png', size: 3 });
    },
    ...extra,
  });
}

const png = (name = 'front.png', bytes = 3) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
const pick = (slot: string, file: File) =>
  fireEvent.change(screen.getByTestId(`kyc-photo-${slot}-input`), { target: { files: [file] } });
const fieldOf = (testId: string) => screen.getByTestId(testId).closest('.field') as HTMLElement;

async function fillIdentity() {
  fireEvent.change(screen.getByTestId('kyc-firstName'), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByTestId('kyc-lastName'), { target: { value: 'Lovelace' } });
  fireEvent.change(screen.getByTestId('kyc-birthDate'), { target: { value: '1990-12-10' } });
  fireEvent.change(screen.getByTestId('kyc-sex'), { target: { value: 'female' } });
  fireEvent.change(screen.getByTestId('kyc-country'), { target: { value: 'GB' } });
  fireEvent.change(screen.getByTestId('kyc-address'), { target: { value: '12 St James’s Square, London' } });
  fireEvent.change(screen.getByTestId('kyc-phone'), { target: { value: '+44 7700 900123' } });
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/photo');
  URL.revokeObjectURL = vi.fn();
});

describe('account verification', () => {
  it('checks the form in the browser: required fields, under 18, photos', async () => {
    const api = handlers();
    await renderApp('/profile/verify', { loggedIn: true });
    expect(await screen.findByTestId('kyc-status')).toHaveAttribute('data-status', 'none');
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect(await within(fieldOf('kyc-firstName')).findByRole('alert')).toBeInTheDocument();
    expect(screen.getByTestId('kyc-photo-front-error')).toHaveTextContent('Please upload an image');
    // An ID card needs its back.
    expect(screen.getByTestId('kyc-photo-back-error')).toHaveTextContent('Please upload an image');
    expect(within(fieldOf('kyc-phone')).getByRole('alert')).toHaveTextContent('The phone number is not valid');

    // A birth date less than 18 years ago: the server's 40057, said before sending.
    const year = new Date().getUTCFullYear() - 17;
    fireEvent.change(screen.getByTestId('kyc-birthDate'), { target: { value: `${year}-01-01` } });
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect(await within(fieldOf('kyc-birthDate')).findByRole('alert')).toHaveTextContent(
      'You must be 18 or older to verify your identity',
    );
    expect(api.callsTo('user/identification').filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('names the countries in the page language, sorted by name', async () => {
    handlers();
    await renderApp('/profile/verify', { loggedIn: true });
    const select = (await screen.findByTestId('kyc-country')) as HTMLSelectElement;
    const names = Array.from(select.options)
      .slice(1)
      .map((o) => o.textContent ?? '');
    expect(names.length).toBe(249);
    expect(within(select).getByRole('option', { name: 'United Kingdom' })).toHaveValue('GB');
    const sorted = [...names].sort(new Intl.Collator('en').compare);
    expect(names).toEqual(sorted);
  });

  it('refuses a photo over 2 MB without sending it, shows the server refusing another, and a JPEG 2000 by name', async () => {
    const api = handlers({
      'POST file/upload': () =>
        fail(40018, 'The image format is not valid. Please upload a JPG, JPEG2000 or PNG image', { field: 'file' }),
    });
    await renderApp('/profile/verify', { loggedIn: true });
    const input = await screen.findByTestId('kyc-photo-front-input');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/jp2,.jp2,.j2k');
    // The desktop does not force the camera.
    expect(input).not.toHaveAttribute('capture');

    pick('front', png('big.png', 2 * 1024 * 1024 + 1));
    expect(await screen.findByTestId('kyc-photo-front-error')).toHaveTextContent(
      'The image is too large. Images are limited to 2 MB',
    );
    expect(api.callsTo('file/upload')).toHaveLength(0);

    pick('front', png('fake.png'));
    expect(await screen.findByTestId('kyc-photo-front-error')).toHaveTextContent('The image format is not valid');
    expect(screen.getByTestId('kyc-photo-front')).toHaveAttribute('data-state', 'empty');
    const upload = api.callsTo('file/upload')[0];
    expect(upload?.headers.Authorization).toBe('test-token');
  });

  it('previews photos, keeps the back optional for a passport, and sends the identity with the photo ids', async () => {
    let submitted = false;
    const api = handlers({
      'GET user/identification': () =>
        ok(
          submitted
            ? { status: 'pending', application: application('pending') }
            : { status: 'none', application: null },
        ),
      'POST user/identification': () => {
        submitted = true;
        return ok(
          { status: 'pending', application: application('pending') },
          { msg: 'Submitted for review', msgCode: 20001 },
        );
      },
    });
    await renderApp('/profile/verify', { loggedIn: true });
    await screen.findByTestId('kyc-form');
    await fillIdentity();
    fireEvent.click(screen.getByTestId('kyc-doc-passport'));
    expect(screen.getByTestId('kyc-photo-back')).toHaveTextContent('optional for a passport');

    pick('front', png());
    await waitFor(() => expect(screen.getByTestId('kyc-photo-front')).toHaveAttribute('data-state', 'uploaded'));
    expect(screen.getByTestId('kyc-photo-front-preview')).toHaveAttribute('src', 'blob:http://localhost/photo');
    // JPEG 2000: no preview in a browser; its name and size instead.
    pick('inHand', new File([new Uint8Array(1536)], 'me.jp2', { type: 'image/jp2' }));
    await waitFor(() => expect(screen.getByTestId('kyc-photo-inHand')).toHaveAttribute('data-state', 'uploaded'));
    expect(screen.getByTestId('kyc-photo-inHand-file')).toHaveTextContent('me.jp2');
    expect(screen.getByTestId('kyc-photo-inHand-file')).toHaveTextContent('1.5 KB');

    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect(await screen.findByText('Submitted for review')).toBeInTheDocument();
    expect(api.callsTo('user/identification').find((c) => c.method === 'POST')?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      birthDate: '1990-12-10',
      sex: 'female',
      country: 'GB',
      address: '12 St James’s Square, London',
      phone: '+44 7700 900123',
      documentType: 'passport',
      frontFileId: ID(1),
      backFileId: null,
      inHandFileId: ID(2),
    });
    // Now under review, with the time by which it will have been decided; the form is gone.
    await waitFor(() => expect(screen.getByTestId('kyc-status')).toHaveAttribute('data-status', 'pending'));
    expect(screen.getByTestId('kyc-status')).toHaveTextContent('within 48 hours');
    expect(screen.queryByTestId('kyc-form')).toBeNull();
  });

  it('shows a server field error next to its field', async () => {
    handlers({
      'POST user/identification': () =>
        fail(40057, 'You must be 18 or older to verify your identity', { field: 'birthDate' }),
    });
    await renderApp('/profile/verify', { loggedIn: true });
    await screen.findByTestId('kyc-form');
    await fillIdentity();
    pick('front', png());
    pick('back', png('back.png'));
    pick('inHand', png('me.png'));
    await waitFor(() => expect(screen.getByTestId('kyc-photo-inHand')).toHaveAttribute('data-state', 'uploaded'));
    await waitFor(() => expect(screen.getByTestId('kyc-photo-back')).toHaveAttribute('data-state', 'uploaded'));
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect(await within(fieldOf('kyc-birthDate')).findByRole('alert')).toHaveTextContent('18 or older');
  });

  it('a failed verification shows its reason and may be submitted again, filled in', async () => {
    handlers({
      'GET user/identification': () =>
        ok({ status: 'failed', application: application('failed', 'The photo is blurred') }),
    });
    await renderApp('/profile/verify', { loggedIn: true });
    expect(await screen.findByTestId('kyc-reason')).toHaveTextContent('The photo is blurred');
    expect(screen.queryByTestId('kyc-form')).toBeNull();
    fireEvent.click(screen.getByTestId('kyc-resubmit'));
    expect(await screen.findByTestId('kyc-firstName')).toHaveValue('Ada');
    expect(screen.getByTestId('kyc-country')).toHaveValue('GB');
    expect((screen.getByTestId('kyc-doc-passport') as HTMLInputElement).checked).toBe(true);
  });

  it('tells the demo account that verification belongs to the real account', async () => {
    handlers();
    sessionStore.setAccountMode(DEMO_ACCOUNT);
    await renderApp('/profile/verify', { loggedIn: true });
    expect(await screen.findByTestId('demo-notice')).toBeInTheDocument();
    expect(screen.queryByTestId('kyc-form')).toBeNull();
  });

  it('is reached from the account centre, which shows the state', async () => {
    handlers({ 'POST user/getUserInfo': () => ok({ ...demoUser, kycStatus: 'pending' }) });
    sessionStore.setWindow(390, false);
    const { router } = await renderApp('/profile', { loggedIn: true });
    const link = await screen.findByTestId('profile-verify');
    await waitFor(() => expect(within(link).getByTestId('kyc-badge')).toHaveTextContent('Under review'));
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/verify'));
    const input = await screen.findByTestId('kyc-photo-front-input');
    expect(input).toHaveAttribute('capture', 'environment');
    expect(screen.getByTestId('kyc-photo-inHand-input')).toHaveAttribute('capture', 'user');
  });
});
