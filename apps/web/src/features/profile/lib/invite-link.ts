/** The registration link that carries the inviter's code. */
export function inviteLink(origin: string, code: string): string {
  return `${origin}/pass/register?invite=${encodeURIComponent(code)}`;
}
