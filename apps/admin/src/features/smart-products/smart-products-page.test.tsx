import type { AdminSmartProduct } from '@openbourse/contracts/earn.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { sessionStore } from '@/shared/session';
import { ALL, me, ok, polyfillDialog, refused, serve, signIn } from '@/test/fake-api';

const owner = me('owner', ALL);

const product: AdminSmartProduct = {
  id: 3,
  name: 'AI gold plan',
  names: { en: 'AI gold plan', de: 'KI-Goldplan' },
  description: 'Pays a fixed daily yield on the principal from the earn treasury.',
  descriptions: {
    en: 'Pays a fixed daily yield on the principal from the earn treasury.',
    de: 'Zahlt täglich einen festen Ertrag auf das Kapital aus der Ertragskasse.',
  },
  currency: 'USDT',
  scale: 6,
  minAmount: '500',
  maxAmount: '20000',
  terms: [
    { days: 7, dailyYield: '0.005' },
    { days: 30, dailyYield: '0.008' },
  ],
  maxPlans: 3,
  onePerUser: false,
  exitPenalty: '0.05',
  enabled: true,
  sort: 1,
  earning: 12,
  reserved: '1834.5',
};

function open(routes: Parameters<typeof serve>[0]) {
  const calls = serve({ 'auth/me': () => ok(owner), 'smart-products': () => ok({ list: [product] }), ...routes });
  window.history.pushState({}, '', '/admin/smart-products');
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

describe('smart plan products', () => {
  it('lists the products with their terms, yields as percentages, penalty and live figures', async () => {
    open({});
    const table = await screen.findByRole('table', { name: 'Smart plans' });
    expect(await within(table).findByText('AI gold plan')).toBeTruthy();
    expect(within(table).getByText('ID 3 · 2 languages')).toBeTruthy();
    expect(within(table).getByText('500 – 20,000 USDT')).toBeTruthy();
    expect(within(table).getByText('7 d · 0.5 %')).toBeTruthy();
    expect(within(table).getByText('30 d · 0.8 %')).toBeTruthy();
    expect(within(table).getByText('up to 3 at once')).toBeTruthy();
    expect(within(table).getByText('5 %')).toBeTruthy();
    expect(within(table).getByText('Offered')).toBeTruthy();
    expect(within(table).getByText('12')).toBeTruthy();
    expect(within(table).getByText('1,834.50 USDT')).toBeTruthy();
    const nav = screen.getByRole('complementary', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: /Smart plans/ })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: /Earn treasury/ })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: /Option series/ })).toBeTruthy();
  });

  it('edits a product: a term added, one at a time, switched off, the whole product sent', async () => {
    const calls = open({
      'smart-products/3': ({ body }) => ok({ ...product, ...(body as object) }),
    });
    fireEvent.click(await screen.findByText('AI gold plan'));
    const dialog = await screen.findByRole('dialog', { name: 'Smart plan 3' });
    expect((within(dialog).getByLabelText('Name (de)') as HTMLInputElement).value).toBe('KI-Goldplan');
    expect(within(dialog).getByText('0.8 % a day, 24 % over 30 days')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a term' }));
    fireEvent.change(within(dialog).getByLabelText('Term 3: days'), { target: { value: '14' } });
    fireEvent.change(within(dialog).getByLabelText('Term 3: daily yield'), { target: { value: '0.0065' } });
    expect(within(dialog).getByText('0.65 % a day, 9.1 % over 14 days')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('switch', { name: /One plan at a time/ }));
    fireEvent.click(within(dialog).getByRole('switch', { name: /Offered to users/ }));
    fireEvent.change(within(dialog).getByLabelText('Name (de)'), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Smart plan 3' })).toBeNull());
    const save = calls.find((c) => c.path === 'smart-products/3');
    expect(save?.method).toBe('POST');
    expect(save?.body).toEqual({
      names: { en: 'AI gold plan' },
      descriptions: product.descriptions,
      currency: 'USDT',
      minAmount: '500',
      maxAmount: '20000',
      terms: [
        { days: 7, dailyYield: '0.005' },
        { days: 14, dailyYield: '0.0065' },
        { days: 30, dailyYield: '0.008' },
      ],
      maxPlans: 3,
      onePerUser: true,
      exitPenalty: '0.05',
      enabled: false,
      sort: 1,
    });
    const table = screen.getByRole('table', { name: 'Smart plans' });
    expect(within(table).getByText('Off')).toBeTruthy();
    expect(within(table).getByText('one at a time')).toBeTruthy();
    expect(within(table).getByText('14 d · 0.65 %')).toBeTruthy();
  });

  it('creates a product; bad fields are said before sending, a refused one under itself', async () => {
    const calls = open({
      'smart-products': ({ method }) =>
        method === 'POST' ? refused(40001, 'Please check the field: maxAmount', 'maxAmount') : ok({ list: [product] }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New product' }));
    const dialog = await screen.findByRole('dialog', { name: 'New smart plan' });
    fireEvent.change(within(dialog).getByLabelText('Maximum amount'), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText('Term 1: days'), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('Term 1: daily yield'), { target: { value: '1.2' } });
    fireEvent.change(within(dialog).getByLabelText('Early-exit penalty'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a term' }));
    fireEvent.change(within(dialog).getByLabelText('Term 2: days'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('The English name is required')).toBeTruthy();
    expect(within(dialog).getByText('The English description is required')).toBeTruthy();
    expect(within(dialog).getByText('At least the minimum')).toBeTruthy();
    expect(within(dialog).getAllByText('1 to 3650 days')).toHaveLength(2);
    expect(within(dialog).getAllByText('A fraction above 0, e.g. 0.008')).toHaveLength(2);
    expect(within(dialog).getByText('A fraction below 1 with up to 8 decimals, e.g. 0.05')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove term 2' }));
    expect(within(dialog).queryByLabelText('Term 2: days')).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Remove term 1' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Name (en)'), { target: { value: 'AI silver plan' } });
    fireEvent.change(within(dialog).getByLabelText('Description (en)'), {
      target: { value: 'A fixed daily yield for 30 days.' },
    });
    fireEvent.change(within(dialog).getByLabelText('Name (ar)'), { target: { value: 'الخطة الفضية' } });
    fireEvent.change(within(dialog).getByLabelText('Currency'), { target: { value: 'usdt' } });
    fireEvent.change(within(dialog).getByLabelText('Maximum amount'), { target: { value: '5000' } });
    fireEvent.change(within(dialog).getByLabelText('Term 1: days'), { target: { value: '30' } });
    fireEvent.change(within(dialog).getByLabelText('Term 1: daily yield'), { target: { value: '0.006' } });
    fireEvent.change(within(dialog).getByLabelText('Early-exit penalty'), { target: { value: '0.1' } });
    expect(within(dialog).getByText('10 % of the principal is kept on early exit')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Please check the field: maxAmount')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.path).toBe('smart-products');
    expect(sent?.body).toEqual({
      names: { en: 'AI silver plan', ar: 'الخطة الفضية' },
      descriptions: { en: 'A fixed daily yield for 30 days.' },
      currency: 'USDT',
      minAmount: '100',
      maxAmount: '5000',
      terms: [{ days: 30, dailyYield: '0.006' }],
      maxPlans: 1,
      onePerUser: false,
      exitPenalty: '0.1',
      enabled: true,
      sort: 0,
    });
  });

  it('sends the terms shortest first, so a refused term is said under the row the server names', async () => {
    const calls = open({
      'smart-products/3': () => refused(40001, 'Please check the field: terms.0.dailyYield', 'terms.0.dailyYield'),
    });
    fireEvent.click(await screen.findByText('AI gold plan'));
    const dialog = await screen.findByRole('dialog', { name: 'Smart plan 3' });
    fireEvent.change(within(dialog).getByLabelText('Term 2: days'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please check the field: terms.0.dailyYield')).toBeTruthy();
    expect(calls.find((c) => c.path === 'smart-products/3')?.body).toMatchObject({
      terms: [
        { days: 3, dailyYield: '0.008' },
        { days: 7, dailyYield: '0.005' },
      ],
    });
    const first = within(dialog).getByLabelText('Term 1: days').closest('.smart-product__term') as HTMLElement;
    expect((within(first).getByLabelText('Term 1: days') as HTMLInputElement).value).toBe('3');
    expect(within(first).getByText('Please check the field: terms.0.dailyYield')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('shows a refusal without a field above the buttons, and a repeated term before sending', async () => {
    const calls = open({
      'smart-products/3': () => refused(40059, 'The treasury cannot cover this plan right now'),
    });
    fireEvent.click(await screen.findByText('AI gold plan'));
    const dialog = await screen.findByRole('dialog', { name: 'Smart plan 3' });
    fireEvent.change(within(dialog).getByLabelText('Term 2: days'), { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('This term is already listed')).toBeTruthy();
    expect(calls.some((c) => c.path === 'smart-products/3')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Term 2: days'), { target: { value: '60' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The treasury cannot cover this plan right now',
    );
  });
});
