/** DECISIONS section 4, as the UI needs it; the API enforces the same rules (403). */
type Role = string | null | undefined;

/** Buying, prices and stock counts. */
export const canManageStock = (role: Role) => role === 'owner' || role === 'admin' || role === 'manager';

/** Which brands the store sells. */
export const canChooseBrands = (role: Role) => role === 'owner' || role === 'admin';
