import { formatNumber } from '@mojud/design-system';

/** The staff card's "15,000/-" style (spec): the shared number format, no currency label. */
export const formatSalary = (amount: number) => `${formatNumber(amount)}/-`;
