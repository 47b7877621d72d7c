import type { AuthUser } from './types';

/** Spec: the user menu heading and sub-line, with the product's fallbacks. */
export interface UserDisplayTexts {
  dear: (name: string) => string;
  visitor: string;
  friend: string;
}

export function userHeading(user: AuthUser | null, texts: UserDisplayTexts): string {
  const first = user?.firstName?.trim();
  const last = user?.lastName?.trim();
  if (user?.username?.trim()) return user.username.trim();
  if (first && last) return `${first} ${last}`;
  if (first) return first;
  if (last) return texts.dear(last);
  return texts.visitor;
}

export function userSubline(user: AuthUser | null, texts: UserDisplayTexts): string {
  return user?.email?.trim() || texts.friend;
}
