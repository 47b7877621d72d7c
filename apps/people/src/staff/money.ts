import { CURRENCY_LABEL, formatTk } from '@mojud/design-system';

/** The staff card's "15,000/-" style (spec): the shared amount format without the Tk label. */
export const formatSalary = (amount: number) => `${formatTk(amount).replace(`${CURRENCY_LABEL} `, '')}/-`;
