import { api } from '@/shared/lib/api-client';

export type CheckUserQuery = { username: string } | { email: string } | { areaCode: string; phone: string };

/** Whether a username, email or phone is already registered. */
export async function checkUser(query: CheckUserQuery, signal?: AbortSignal): Promise<boolean> {
  const { result } = await api.get<{ exists: boolean }>('login/checkUserNameOrPhone', { query, signal });
  return result.exists;
}
