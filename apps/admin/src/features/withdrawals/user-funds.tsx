/**
 * The user beside their withdrawal: real balances (the waiting withdrawal's hold is in "locked")
 * and their last movements in the real book, read with the users screens' own pieces.
 */
import { Link } from 'react-router';
import { BalancesTable } from '@/features/users/balances-table';
import { useUserDetail } from '@/features/users/user-detail-api';
import { UserStatement } from '@/features/users/user-statement';
import { Card, Notice } from '@/shared/components';
import { formatDecimal } from '@/shared/format';
import { useCan } from '@/shared/session';

const MOVEMENTS = 8;

export function UserBalances({
  userId,
  username,
  held,
}: {
  userId: number;
  username: string;
  /** A waiting withdrawal's hold, which "locked" includes. */
  held?: { total: string; currency: string } | undefined;
}) {
  const canRead = useCan('users.read');
  const detail = useUserDetail(userId, canRead);
  if (!canRead) return <Notice>Your role cannot read users' balances.</Notice>;
  return (
    <Card
      title={`${username}'s real balances`}
      actions={
        <Link className="btn btn--ghost btn--sm" to={`/users/${userId}`}>
          Open the user
        </Link>
      }
    >
      <BalancesTable
        label="Real balances"
        balances={detail.data?.balances.real}
        loading={detail.isFetching}
        error={detail.error}
      />
      {held ? (
        <p className="muted">
          Locked includes this withdrawal's {formatDecimal(held.total)} {held.currency} while it waits, with whatever
          the user's open orders and other withdrawals hold.
        </p>
      ) : null}
    </Card>
  );
}

export function UserMovements({ userId }: { userId: number }) {
  const canRead = useCan('users.read');
  if (!canRead) return null;
  return <UserStatement userId={userId} book="real" size={MOVEMENTS} title="Last movements, real account" />;
}
