import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '@/shared/lib/raw-request';

/** A deposit's proof image, uploaded as it is chosen. */
export function useUploadProof() {
  return useMutation({ mutationFn: (file: Blob) => uploadFile(file, 'deposit-proof') });
}
