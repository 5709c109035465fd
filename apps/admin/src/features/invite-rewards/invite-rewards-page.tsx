/**
 * Invite rewards: the disclosed rule (a share of each invitee's trading fees in the real account for a
 * period after joining, optionally capped per invitee; on or off) and what it has paid, with the
 * inviters paid the most. Edits are audited (inviteRule.update) and apply to the days settled after.
 */
import type { AdminInviteFigure, InviteRule } from '@openbourse/contracts/invites.ts';
import { Button } from '@openbourse/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Card, ErrorNote, Notice, PageHeader, Stat, TextField, Toggle } from '@/shared/components';
import { type ColumnDef, DataTable } from '@/shared/data-table';
import { formatDecimal } from '@/shared/format';
import { getInviteRule, inviteRuleKey, saveInviteRule } from './invite-rewards-api';

const COLUMNS: ColumnDef<AdminInviteFigure>[] = [
  { id: 'userId', header: 'User id', cell: ({ row }) => row.original.userId },
  { id: 'username', header: 'Username', cell: ({ row }) => row.original.username },
  { id: 'invitees', header: 'Invitees rewarded', meta: { align: 'end' }, cell: ({ row }) => row.original.invitees },
  { id: 'rewarded', header: 'Paid', meta: { align: 'end' }, cell: ({ row }) => formatDecimal(row.original.rewarded) },
];

interface Form {
  enabled: boolean;
  percent: string;
  periodDays: string;
  cap: string;
}

const toForm = (r: InviteRule): Form => ({
  enabled: r.enabled,
  percent: trim((Number(r.share) * 100).toFixed(2)),
  periodDays: String(r.periodDays),
  cap: r.capPerInvitee ?? '',
});

function trim(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** "20" → "0.2", "12.5" → "0.125": the percent as the share the server takes (exact, as text). */
export function percentToShare(percent: string): string | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(percent.trim());
  if (!m) return null;
  const hundredths = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (hundredths > 10_000) return null;
  const s = String(hundredths).padStart(5, '0');
  return trim(`${s.slice(0, -4)}.${s.slice(-4)}`);
}

export function InviteRewardsPage() {
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: inviteRuleKey, queryFn: getInviteRule });
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (q.data && !form) setForm(toForm(q.data.rule));
  }, [q.data, form]);
  const save = useMutation({
    mutationFn: saveInviteRule,
    onSuccess: (data) => {
      queryClient.setQueryData(inviteRuleKey, data);
      setForm(toForm(data.rule));
      setDone(true);
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    setDone(false);
    const share = percentToShare(form.percent);
    const days = /^\d{1,4}$/.test(form.periodDays) ? Number(form.periodDays) : Number.NaN;
    const cap = form.cap.trim();
    const next: typeof errors = {};
    if (share === null) next.percent = 'A percentage from 0 to 100, at most 2 decimals';
    if (!(days >= 1 && days <= 3650)) next.periodDays = 'Whole days from 1 to 3650';
    if (cap !== '' && !(/^\d+(\.\d{1,6})?$/.test(cap) && /[1-9]/.test(cap)))
      next.cap = 'Empty (no cap) or an amount above 0';
    setErrors(next);
    if (Object.keys(next).length > 0 || share === null) return;
    save.mutate({ enabled: form.enabled, share, periodDays: days, capPerInvitee: cap === '' ? null : cap });
  }

  const rule = q.data?.rule;
  return (
    <>
      <PageHeader
        title="Invite rewards"
        sub="What an inviter earns from the friends who sign up with their link: a share of the trading fees each friend pays in the real account, for a period after joining, paid daily from the platform’s fee account. Users see the rule on their invite page."
        actions={
          <Button variant="secondary" size="sm" onClick={() => q.refetch()}>
            Refresh
          </Button>
        }
      />
      <ErrorNote error={q.error} />
      {q.data ? (
        <div className="stats">
          <Stat label="Paid in all" value={`${formatDecimal(q.data.totalPaid)} ${rule?.currency ?? ''}`} />
          <Stat label="Rule" value={rule?.enabled ? 'On' : 'Off'} />
        </div>
      ) : null}
      {done ? (
        <Notice tone="ok">Rule saved and written to the audit log. It applies from the next day settled.</Notice>
      ) : null}
      {form ? (
        <Card title="Rule">
          <form className="form" onSubmit={submit} noValidate>
            <Toggle
              label="Rewards on"
              checked={form.enabled}
              onChange={(enabled) => setForm({ ...form, enabled })}
              hint="Off: fees paid while off earn nothing, also later."
            />
            <TextField
              label="Share of fees (%)"
              inputMode="decimal"
              value={form.percent}
              error={errors.percent}
              onChange={(e) => setForm({ ...form, percent: e.target.value })}
            />
            <TextField
              label="Period after joining (days)"
              inputMode="numeric"
              value={form.periodDays}
              error={errors.periodDays}
              onChange={(e) => setForm({ ...form, periodDays: e.target.value })}
            />
            <TextField
              label={`Cap per invitee (${rule?.currency ?? 'USDT'})`}
              inputMode="decimal"
              value={form.cap}
              hint="Empty: no cap"
              error={errors.cap}
              onChange={(e) => setForm({ ...form, cap: e.target.value })}
            />
            <ErrorNote error={save.error} />
            <div>
              <Button type="submit" disabled={save.isPending}>
                Save rule
              </Button>
            </div>
          </form>
        </Card>
      ) : null}
      <DataTable
        label="Inviters paid the most"
        columns={COLUMNS}
        data={q.data?.top}
        loading={q.isFetching}
        error={q.error}
        empty="No invite reward paid yet"
        rowKey={(r) => String(r.userId)}
      />
    </>
  );
}
