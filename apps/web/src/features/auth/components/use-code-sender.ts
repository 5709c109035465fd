import { SendCodeRequest } from '@openbourse/contracts/auth.ts';
import { useTranslation } from 'react-i18next';
import { useSendCode } from '@/shared/api/send-code';
import { toast } from '@/shared/components/toast/toast-store';
import { useCountdown } from '@/shared/hooks/use-countdown';
import { ApiError, errorMessage } from '@/shared/lib/api-client';
import { validate } from '@/shared/lib/validation';

/**
 * Sends a verification code after checking the address locally, then counts down until the
 * server allows another (resendAfterSeconds). Field problems go to `onFieldErrors`.
 */
export function useCodeSender() {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const mutation = useSendCode();
  const send = (request: SendCodeRequest, onFieldErrors: (errors: Record<string, string>) => void) => {
    const checked = validate(SendCodeRequest, request);
    if (checked.errors) {
      onFieldErrors(checked.errors);
      return;
    }
    mutation.mutate(checked.data, {
      onSuccess(result) {
        countdown.start(result.resendAfterSeconds);
        toast.success(t('form.codeSent', { to: result.sentTo }));
      },
      onError(error) {
        toast.error(errorMessage(error));
        if (error instanceof ApiError && error.kind === 'server') {
          const field =
            error.field ?? (request.channel === 'phone' ? 'phone' : request.channel === 'email' ? 'email' : 'code');
          onFieldErrors({ [field]: error.message });
        }
      },
    });
  };
  return { send, secondsLeft: countdown.secondsLeft, pending: mutation.isPending };
}
