// Client-side shapes of the signed-in user and their stores (spec section 3).
export interface AuthUser {
  id?: string;
  email?: string | null;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  /** The interface language chosen on any device (en, bn); null until chosen. */
  locale?: 'en' | 'bn' | null;
  /** Latin digits in Bangla instead of Bengali ones. */
  latinDigits?: boolean;
  /** Whether the address is confirmed by its mailed link (invitations to it show only then). */
  emailVerified?: boolean;
  /** A new address waiting for its mailed link to be opened. */
  pendingEmail?: string | null;
}

export type StoreRole = 'owner' | 'admin' | 'manager' | 'staff';

export interface StoreSummary {
  id: string;
  name: string;
  location?: string | null;
  phone?: string | null;
  image?: string | null;
  role?: StoreRole | string;
}
