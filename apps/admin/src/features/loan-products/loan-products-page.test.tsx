import type { AdminLoanProduct } from '@openbourse/contracts/loan.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { sessionStore } from '@/shared/session';
import { ALL, me, ok, polyfillDialog, refused, serve, signIn } from '@/test/fake-api';

const owner = me('owner', ALL);

const product: AdminLoanProduct = {
  id: 1,
  name: 'USDT quick loan',
  names: { en: 'USDT quick loan', ar: 'قرض USDT سريع' },
  currency: 'USDT',
  scale: 6,
  minAmount: '100',
  maxAmount: '5000',
  termDays: [7, 14, 30],
  dailyRate: '0.0005',
  freeDays: 3,
  maxActive: 2,
  kycFrom: '0',
  enabled: true,
  sort: 1,
};

function open(routes: Parameters<typeof serve>[0]) {
  const calls = serve({ 'auth/me': () => ok(owner), 'loan-products': () => ok({ list: [product] }), ...routes });
  window.history.pushState({}, '', '/admin/loan-products');
  render(<App />);
  return calls;
}

beforeEach(() => {
  polyfillDialog();
  localStorage.clear();
  signIn(owner);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.set(null);
});

describe('loan products', () => {
  it('lists the products with their terms', async () => {
    open({});
    const table = await screen.findByRole('table', { name: 'Loan products' });
    expect(await within(table).findByText('USDT quick loan')).toBeTruthy();
    expect(within(table).getByText('100 – 5,000 USDT')).toBeTruthy();
    expect(within(table).getByText('7 / 14 / 30 days')).toBeTruthy();
    expect(within(table).getByText('0.05 %')).toBeTruthy();
    expect(within(table).getByText('every loan')).toBeTruthy();
    expect(within(table).getByText('Offered')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Loan products/ })).toBeTruthy();
  });

  it('edits a product: switched off with a new rate, the whole product sent', async () => {
    const calls = open({
      'loan-products/1': ({ body }) => ok({ ...product, ...(body as object), name: 'USDT quick loan' }),
    });
    fireEvent.click(await screen.findByText('USDT quick loan'));
    const dialog = await screen.findByRole('dialog', { name: 'Loan product 1' });
    fireEvent.change(within(dialog).getByLabelText('Daily rate'), { target: { value: '0.001' } });
    expect(within(dialog).getByText('0.1 % a day')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Offered to users' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Loan product 1' })).toBeNull());
    const save = calls.find((c) => c.path === 'loan-products/1');
    expect(save?.method).toBe('POST');
    expect(save?.body).toEqual({
      names: { en: 'USDT quick loan', ar: 'قرض USDT سريع' },
      currency: 'USDT',
      minAmount: '100',
      maxAmount: '5000',
      termDays: [7, 14, 30],
      dailyRate: '0.001',
      freeDays: 3,
      maxActive: 2,
      kycFrom: '0',
      enabled: false,
      sort: 1,
    });
    expect(within(screen.getByRole('table', { name: 'Loan products' })).getByText('Off')).toBeTruthy();
  });

  it('creates a product; bad fields are said before sending, and a refused one under itself', async () => {
    const calls = open({
      'loan-products': ({ method }) =>
        method === 'POST' ? refused(40001, 'Please check the field: maxAmount', 'maxAmount') : ok({ list: [product] }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New product' }));
    const dialog = await screen.findByRole('dialog', { name: 'New loan product' });
    fireEvent.change(within(dialog).getByLabelText('Terms (days)'), { target: { value: '7, x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('The English name is required')).toBeTruthy();
    expect(within(dialog).getByText('Days separated by commas, e.g. 7, 14, 30')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('English (en)'), { target: { value: 'BTC loan' } });
    fireEvent.change(within(dialog).getByLabelText('Terms (days)'), { target: { value: '30, 7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Please check the field: maxAmount')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.body).toMatchObject({ names: { en: 'BTC loan' }, termDays: [7, 30] });
  });
});
