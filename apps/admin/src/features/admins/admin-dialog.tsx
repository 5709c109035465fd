/** Create an admin, or change one: name, role, status, two-factor requirement, TOTP reset, sessions. */
import type { Admin } from '@openbourse/contracts/admin.ts';
import { Button } from '@openbourse/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '@/shared/api';
import { Dialog, ErrorNote, Notice, SelectField, TextField, Toggle } from '@/shared/components';

const ROLE_OPTIONS = [
  { value: 'owner', label: 'Owner — everything' },
  { value: 'reviewer', label: 'Reviewer — users (read) and review queues' },
  { value: 'support', label: 'Support — users (read and manage)' },
  { value: 'editor', label: 'Editor — content' },
];

export function AdminDialog({ admin, onClose }: { admin: Admin | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    email: admin?.email ?? '',
    name: admin?.name ?? '',
    password: '',
    role: admin?.role ?? 'support',
    status: admin?.status ?? 'active',
    totpRequired: admin?.totpRequired ?? true,
  });
  const [note, setNote] = useState<string | null>(null);
  const done = (text: string) => {
    setNote(text);
    queryClient.invalidateQueries({ queryKey: ['admins'] });
  };

  const save = useMutation({
    mutationFn: async () => {
      if (!admin) {
        return api.post<Admin>('admins', {
          email: form.email.trim(),
          name: form.name.trim(),
          password: form.password,
          role: form.role,
          totpRequired: form.totpRequired,
        });
      }
      const change: Record<string, unknown> = {};
      if (form.name.trim() !== admin.name) change.name = form.name.trim();
      if (form.role !== admin.role) change.role = form.role;
      if (form.status !== admin.status) change.status = form.status;
      if (form.totpRequired !== admin.totpRequired) change.totpRequired = form.totpRequired;
      return api.post<Admin>(`admins/${admin.id}`, change);
    },
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['admins'] });
      onClose();
    },
  });
  const resetTotp = useMutation({
    mutationFn: () => api.post(`admins/${admin?.id}`, { resetTotp: true }),
    onSuccess: () => done('Two-factor reset: they set it up again at their next sign-in. Their sessions ended.'),
  });
  const revoke = useMutation({
    mutationFn: async () => (await api.post<{ revoked: number }>(`admins/${admin?.id}/revokeSessions`)).result,
    onSuccess: (r) => done(`${r.revoked} session${r.revoked === 1 ? '' : 's'} ended.`),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate();
  }

  const isOwner = form.role === 'owner';
  return (
    <Dialog title={admin ? `Edit ${admin.email}` : 'New admin'} open onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        {admin ? null : (
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            value={form.email}
            onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))}
          />
        )}
        <TextField label="Name" value={form.name} onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))} />
        {admin ? null : (
          <TextField
            label="Initial password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => setForm((f) => ({ ...f, password: e.target.value }))}
            hint="Share it privately; 8 to 32 characters with letters and digits"
          />
        )}
        <SelectField
          label="Role"
          value={form.role}
          onChange={(e) => setForm((f) => ({ ...f, role: e.target.value as Admin['role'] }))}
          options={ROLE_OPTIONS}
        />
        {admin ? (
          <SelectField
            label="Status"
            value={form.status}
            onChange={(e) => setForm((f) => ({ ...f, status: e.target.value as Admin['status'] }))}
            options={[
              { value: 'active', label: 'Active' },
              { value: 'disabled', label: 'Disabled — signed out, cannot sign in' },
            ]}
          />
        ) : null}
        <Toggle
          label="Require two-factor sign-in"
          checked={isOwner || form.totpRequired}
          onChange={(totpRequired) => setForm((f) => ({ ...f, totpRequired }))}
          hint={isOwner ? 'Always on for owners' : undefined}
        />
        <ErrorNote error={save.error ?? resetTotp.error ?? revoke.error} />
        {note ? <Notice tone="ok">{note}</Notice> : null}
        {admin ? (
          <div className="form__aside">
            <Button
              variant="secondary"
              size="sm"
              disabled={!admin.totpEnabled}
              loading={resetTotp.isPending}
              onClick={() => resetTotp.mutate()}
            >
              Reset two-factor
            </Button>
            <Button variant="secondary" size="sm" loading={revoke.isPending} onClick={() => revoke.mutate()}>
              End all sessions
            </Button>
          </div>
        ) : null}
        <div className="form__buttons">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {admin ? 'Save changes' : 'Create admin'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
