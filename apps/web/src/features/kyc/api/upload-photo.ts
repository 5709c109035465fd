import { uploadFile } from '@/shared/lib/raw-request';

/** Uploads an identity photo (`purpose=kyc`) and answers its id; refusals as uploadFile's. */
export async function uploadKycPhoto(file: Blob): Promise<{ id: string }> {
  const { id } = await uploadFile(file, 'kyc');
  return { id };
}
