import { type AdminMe, AdminPermission } from '@openbourse/contracts/admin.ts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { sessionStore } from '@/shared/session';

const owner: AdminMe = {
  admin: {
    id: 7,
    email: 'editor@example.com',
    name: 'Eddie Editor',
    role: 'owner',
    status: 'active',
    totpRequired: false,
    totpEnabled: false,
    createdAt: '2026-11-01T00:00:00.000Z',
  },
  scope: 'full',
  permissions: { role: 'owner', matrix: {}, mine: [...AdminPermission.options] },
};

const ok = (result: unknown) =>
  new Response(JSON.stringify({ code: 200, msg: 'Success', result }), {
    headers: { 'Content-Type': 'application/json' },
  });

const notice = {
  id: 9,
  slug: 'notice-maint',
  type: 5,
  sort: 0,
  updatedAt: '2026-11-01T00:00:00.000Z',
  pinnedAt: null as string | null,
  translations: { en: { title: 'Maintenance', summary: '', body: 'Sunday' } },
};

beforeEach(() => {
  localStorage.clear();
  sessionStore.set({ token: 'adm_test', scope: 'full', admin: owner.admin, permissions: owner.permissions.mine });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a notice pinned to the home page', () => {
  it('pins and unpins from the content editor', async () => {
    const bodies: unknown[] = [];
    let current = { ...notice };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const path = new URL(String(input), 'http://localhost').pathname.replace('/swx/admin/', '');
        if (path === 'auth/me') return ok(owner);
        if (path === 'content/9') return ok(current);
        if (path === 'content/9/pin') {
          const body = JSON.parse(String(init.body)) as { pinned: boolean };
          bodies.push(body);
          current = { ...current, pinnedAt: body.pinned ? '2026-11-27T09:00:00.000Z' : null };
          return ok(current);
        }
        if (path === 'content') return ok([current]);
        throw new Error(`unexpected call ${path}`);
      }),
    );
    window.history.pushState({}, '', '/admin/content/9');
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pin to home page' }));
    expect(await screen.findByRole('button', { name: 'Unpin from home page' })).toBeTruthy();
    expect(screen.getByTestId('content-pin').textContent).toMatch(/Pinned to the home page since/);
    fireEvent.click(screen.getByRole('button', { name: 'Unpin from home page' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pin to home page' })).toBeTruthy());
    expect(bodies).toEqual([{ pinned: true }, { pinned: false }]);
  });

  it('is offered for notices only', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname.replace('/swx/admin/', '');
        if (path === 'auth/me') return ok(owner);
        if (path === 'content/9') return ok({ ...notice, type: 4 });
        throw new Error(`unexpected call ${path}`);
      }),
    );
    window.history.pushState({}, '', '/admin/content/9');
    render(<App />);
    await screen.findAllByLabelText('Title');
    expect(screen.queryByTestId('content-pin')).toBeNull();
  });
});
