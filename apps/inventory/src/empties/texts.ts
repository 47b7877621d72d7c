import { registerTexts } from '@mojud/i18n';

/** Empties handed in with refills and sales from a vehicle (DEALER.md rules 8–10), in the inventory remote. */
const en = {
  sellFrom: 'Sell from',
  fromStore: 'The store',
  fromVehicle: '{{reg}} (carries {{count}})',
  yourVehicle: 'Your vehicle {{reg}} is chosen: its stock is sold, and empties go onto it.',
  vehicleStock: 'On {{reg}}: {{count}} full',
  vehicleUnits: 'On {{reg}}: {{count}}',
  failedVehicles: 'Vehicles could not be loaded: {{message}}',
  shopOwes: '{{name}} owes empties: {{list}}',
  owesItem: '{{count}} × {{item}}',
  emptiesIn: 'Empties handed in',
  emptiesBrand: 'Brand of empties {{n}} for {{name}}',
  emptiesCount: 'Empties {{n}} handed in for {{name}}',
  addBrand: 'Another brand of empties for {{name}}',
  addBrandShort: 'Another brand',
  removeBrand: 'Remove empties {{n}} for {{name}}',
  lineOwes_one: 'Owes {{n}} empty',
  lineOwes_other: 'Owes {{n}} empties',
  emptiesTotal: 'Empties: {{inCount}} in, {{owed}} owed',
  // Receipt
  receiptEmpties: 'Empties in: {{list}}',
  receiptOwedOnLine: '{{count}} not handed in',
  shopEmptiesOwed: 'Empties owed by the shop',
  noEmptiesOwed: 'None',
  soldFrom: 'Sold from',
  // Trade modal
  tradeEmptiesIn: 'Empties handed in',
  tradeEmptiesHint: 'Fewer than the quantity: the shop owes the rest.',
  tradeEmptiesBrand: 'Brand of the empties',
};

export const ns = registerTexts('inventoryEmpties', en, { bn: () => import('./texts.bn') });

export type EmptiesSaleMessages = typeof en;
