import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';

describe('the help centre search', () => {
  it('searches in the page language, shows hits as text and links FAQ and notices', async () => {
    const api = mockApi({
      ...baseHandlers,
      'GET index/searchHelp': () =>
        ok({
          list: [
            {
              id: 3,
              slug: 'faq-fees',
              type: 4,
              title: 'What fees do I pay?',
              summary: '',
              updatedAt: '2026-11-01T00:00:00.000Z',
              snippet: 'Fees <b>apply</b>',
            },
            {
              id: 9,
              slug: 'notice-demo',
              type: 5,
              title: 'Practise',
              summary: 'Demo',
              updatedAt: '2026-11-01T00:00:00.000Z',
              snippet: '',
            },
          ],
          total: 2,
          page: 1,
          size: 10,
        }),
    });
    await renderApp('/help');
    fireEvent.change(await screen.findByTestId('help-search-input'), { target: { value: '  fees ' } });
    fireEvent.click(screen.getByTestId('help-search-submit'));
    const faq = await screen.findByTestId('help-hit-faq-fees');
    expect(api.callsTo('index/searchHelp')[0]?.query.get('q')).toBe('fees');
    // HTML in a text stays text.
    expect(faq).toHaveTextContent('Fees <b>apply</b>');
    expect(faq.querySelector('b')).toBeNull();
    expect(faq).toHaveAttribute('href', '/help/faq#faq-3');
    expect(screen.getByTestId('help-hit-notice-demo').getAttribute('href')).toMatch(/^\/detail\?id=9/);
  });

  it('says when nothing matched, and sends nothing for a blank query', async () => {
    const api = mockApi({
      ...baseHandlers,
      'GET index/searchHelp': () => ok({ list: [], total: 0, page: 1, size: 10 }),
    });
    await renderApp('/help');
    fireEvent.click(await screen.findByTestId('help-search-submit'));
    expect(api.callsTo('index/searchHelp')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('help-search-input'), { target: { value: 'zzz' } });
    fireEvent.click(screen.getByTestId('help-search-submit'));
    await waitFor(() => expect(screen.getByTestId('help-search-empty')).toHaveTextContent('zzz'));
  });
});
