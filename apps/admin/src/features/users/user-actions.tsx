/** What support may do to a user: disable or re-enable, end every session, reset the withdrawal password. Each asks why. */
import { Button } from '@openbourse/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '@/shared/api';
import { Dialog, ErrorNote, Notice, TextArea } from '@/shared/components';

type Action = 'disable' | 'enable' | 'revoke' | 'resetWithdrawal';

const ACTIONS: Record<Action, { title: string; explain: string; confirm: string; danger: boolean }> = {
  disable: {
    title: 'Disable this user',
    explain: 'They are signed out everywhere at once and cannot sign in until re-enabled. Open positions stay open.',
    confirm: 'Disable user',
    danger: true,
  },
  enable: {
    title: 'Re-enable this user',
    explain: 'They can sign in again.',
    confirm: 'Re-enable user',
    danger: false,
  },
  revoke: {
    title: 'End all sessions',
    explain: 'Every device this user is signed in on is signed out. Their account stays active.',
    confirm: 'End sessions',
    danger: true,
  },
  resetWithdrawal: {
    title: 'Reset the withdrawal password',
    explain: 'The withdrawal password is cleared; the user sets a new one with a code sent to their address.',
    confirm: 'Reset',
    danger: true,
  },
};

export function UserActions({
  userId,
  status,
  hasWithdrawalPassword,
}: {
  userId: number;
  status: string;
  hasWithdrawalPassword: boolean;
}) {
  const [action, setAction] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const queryClient = useQueryClient();

  const run = useMutation({
    mutationFn: async (a: Action) => {
      const body = { reason: reason.trim() };
      if (a === 'disable' || a === 'enable') {
        await api.post(`users/${userId}/status`, { ...body, status: a === 'disable' ? 'disabled' : 'active' });
      } else if (a === 'revoke') await api.post(`users/${userId}/revokeSessions`, body);
      else await api.post(`users/${userId}/resetWithdrawalPassword`, body);
      return a;
    },
    onSuccess: (a) => {
      setDone(`${ACTIONS[a].confirm}: done, and written to the audit log.`);
      setAction(null);
      setReason('');
      queryClient.invalidateQueries({ queryKey: ['user', userId] });
      queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });

  const open = (a: Action) => {
    run.reset();
    setReason('');
    setAction(a);
  };
  const spec = action ? ACTIONS[action] : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (action) run.mutate(action);
  }

  return (
    <>
      <div className="actions">
        {status === 'active' ? (
          <Button variant="danger" size="sm" onClick={() => open('disable')}>
            Disable
          </Button>
        ) : (
          <Button size="sm" onClick={() => open('enable')}>
            Re-enable
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={() => open('revoke')}>
          End all sessions
        </Button>
        <Button variant="secondary" size="sm" disabled={!hasWithdrawalPassword} onClick={() => open('resetWithdrawal')}>
          Reset withdrawal password
        </Button>
      </div>
      {done ? <Notice tone="ok">{done}</Notice> : null}
      <Dialog title={spec?.title ?? ''} open={spec !== null} onClose={() => setAction(null)}>
        {spec ? (
          <form onSubmit={submit} className="form">
            <p>{spec.explain}</p>
            <TextArea
              label="Reason (kept in the audit log)"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              minLength={3}
              maxLength={300}
              rows={3}
              required
            />
            <ErrorNote error={run.error} />
            <div className="form__buttons">
              <Button variant="secondary" onClick={() => setAction(null)}>
                Cancel
              </Button>
              <Button
                type="submit"
                variant={spec.danger ? 'danger' : 'primary'}
                loading={run.isPending}
                disabled={reason.trim().length < 3}
              >
                {spec.confirm}
              </Button>
            </div>
          </form>
        ) : null}
      </Dialog>
    </>
  );
}
