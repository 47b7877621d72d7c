import { registerTexts } from '@mojud/i18n';
import { ns } from '../texts';

// A trade or a transfer confirmed on screen at once (docs/frontend.md, "Every tap confirmed at
// once"): its result worked out on the device, marked "Saving…", or its refusal. Merged into the
// inventory namespace under `confirm`; loaded with the tap's chunk, not before the page paints.
export const confirm = {
  countsAfter: 'Left in the store after this',
  cylinderCounts: 'full {{full}} · empty {{empty}}',
  cylinderCountsProblem: 'full {{full}} · empty {{empty}} · problem {{problem}}',
  unitCounts: 'in stock {{count}}',
  unitCountsProblem: 'in stock {{count}} · problem {{problem}}',
  sold: 'Sold {{quantity}} × {{name}}',
  bought: 'Bought {{quantity}} × {{name}}',
  sellMoney: 'Total {{total}} · paid {{paid}} · due {{due}}',
  shopOwes: '{{name}} owes {{amount}} after this',
  buyMoney: 'Total {{total}} · paid now {{paid}}',
  buyPayable: 'Payable to the supplier: {{amount}}',
  sellRefused: 'Sale not recorded',
  buyRefused: 'Purchase not recorded',
  sellSaved: 'Sale {{number}} recorded',
  sending: 'Sending to {{store}}',
  sendSaved: 'Transfer to {{store}} recorded',
  sendRefused: 'Transfer not recorded',
  receiving: 'Coming into the store from {{number}}:',
  receiveRefused: 'Receipt not recorded',
  cancelling: '{{number}} cancelled: coming back into the store:',
  cancelRefused: 'Cancellation not recorded',
  marking: 'Set aside as problem: {{quantity}} × {{name}}',
  unmarking: 'Back from problem to stock: {{quantity}} × {{name}}',
  markRefused: 'Problem stock not recorded',
  countRefused: 'Stock count not recorded',
};
// Its Bangla loads only when the interface is in Bangla, nested under the same key.
registerTexts(ns, { confirm }, {
  bn: () => import('./texts.bn').then((bn) => ({ default: { confirm: bn.default } })),
});
