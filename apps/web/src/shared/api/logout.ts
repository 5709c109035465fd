import { api } from '@/shared/lib/api-client';

export async function logout(): Promise<void> {
  await api.post<null>('login/logout');
}
