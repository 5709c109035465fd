/** Content item types (spec: where each shows in the user app). */
export const CONTENT_TYPES: Record<number, string> = {
  1: 'Company',
  2: 'Policy',
  3: 'Footer',
  4: 'Help / FAQ',
  5: 'Notice',
};
