/** Where a withdrawal is paid to: an address on a network, or a bank account; shortened in the queue, whole in the detail. */
import type { ReactNode } from 'react';
import { CopyButton } from '@/shared/copy-button';
import type { Withdrawal } from './withdrawals-api';

/** "TXo1Re…9fKq": enough of both ends to match it by eye; the copy button takes it whole. */
export const shorten = (v: string, keep = 8) => (v.length > keep * 2 + 2 ? `${v.slice(0, keep)}…${v.slice(-6)}` : v);

export const methodLabel = (w: Withdrawal) => (w.method === 'bank' ? 'Bank transfer' : `Crypto on ${w.network}`);

export function Copyable({ value, label, short }: { value: string; label: string; short?: boolean }) {
  return (
    <span className="copyable">
      <code title={short ? value : undefined}>{short ? shorten(value) : value}</code>
      <CopyButton value={value} label={label} />
    </span>
  );
}

/** The queue's cell: the address shortened with its copy button, or holder, account and bank. */
export function TargetCell({ w }: { w: Withdrawal }) {
  if (w.method === 'crypto') {
    return w.address ? (
      <Copyable value={w.address} label={`Copy the address of withdrawal ${w.id}`} short />
    ) : (
      <span>—</span>
    );
  }
  return (
    <span className="two-line">
      <strong>{w.bankHolder ?? '—'}</strong>
      <small>{w.bankAccount ?? '—'}</small>
      <small>{w.bankType ?? '—'}</small>
    </span>
  );
}

/** The detail's facts about the target, each whole and copyable where the reviewer pastes it. */
export function targetFacts(w: Withdrawal): [string, ReactNode][] {
  if (w.method === 'crypto') {
    return [
      ['Network', w.network],
      ['Address', w.address ? <Copyable key="address" value={w.address} label="Copy the address" /> : '—'],
    ];
  }
  return [
    [
      'Account holder',
      w.bankHolder ? <Copyable key="holder" value={w.bankHolder} label="Copy the holder's name" /> : '—',
    ],
    [
      'Account number',
      w.bankAccount ? <Copyable key="account" value={w.bankAccount} label="Copy the account number" /> : '—',
    ],
    ['Bank', w.bankType ?? '—'],
  ];
}
