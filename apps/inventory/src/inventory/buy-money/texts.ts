import { registerTexts } from '@mojud/i18n';
import { ns } from '../../texts';

// The buy's supplier and the part paid now (DEALER.md rule 19), under `buyMoney`.
export const buyMoney = {
  supplier: 'Supplier (company)',
  none: 'Not chosen',
  paid: 'Paid now (Tk)',
  paidHint: 'Leave empty to pay it all; the rest is payable to the supplier.',
  account: 'Paid from',
};
registerTexts(ns, { buyMoney }, {
  bn: () => import('./texts.bn').then((bn) => ({ default: { buyMoney: bn.default } })),
});
