// Texts the API writes itself for people: invitation e-mails and the CSV exports' header lines
// and words. English here, Bangla in texts.bn.ts (same keys, same {{placeholders}}); the web
// app's texts live with the web app. Errors keep English `message`s for API clients and carry
// codes the web app says in its reader's language.
import { LEDGER_KINDS, type LedgerKind } from '@mojud/contracts';

export const ns = 'api';

export const texts = {
  /** The delivery area every new store starts with. */
  firstArea: 'Main',
  invite: {
    subject: 'You are invited to {{store}} on Mojud',
    body:
      'You have been invited to join {{store}} on Mojud as {{role}}.\n\n' +
      'Open this link to accept the invitation:\n{{link}}\n\n' +
      'The link expires on {{expires}}. ' +
      'If you do not have an account yet, sign up with this e-mail address ({{email}}) first.\n',
  },
  dayPeriod: {
    night: 'at night',
    dawn: 'at dawn',
    morning: 'in the morning',
    noon: 'at noon',
    afternoon: 'in the afternoon',
    evening: 'in the evening',
  },
  role: {
    owner: 'owner',
    admin: 'admin',
    manager: 'manager',
    staff: 'staff',
  },
  csv: {
    transactions: {
      id: 'id',
      time: 'time',
      kind: 'kind',
      item: 'item',
      tradeType: 'trade type',
      quantity: 'quantity',
      fullDelta: 'full change',
      emptyDelta: 'empty change',
      problemDelta: 'problem change',
      stockDelta: 'stock change',
      vehicleFullDelta: 'vehicle full change',
      vehicleEmptyDelta: 'vehicle empty change',
      vehicleStockDelta: 'vehicle stock change',
      emptiesOwedDelta: 'empties owed change',
      unitPrice: 'unit price',
      totalAmount: 'total amount',
      paymentMethod: 'payment method',
      moneyIn: 'money in',
      moneyOut: 'money out',
      dueDelta: 'due change',
      shop: 'shop',
      vehicle: 'vehicle',
      staff: 'staff',
      category: 'category',
      reference: 'reference',
      note: 'note',
      month: 'month',
      user: 'user',
    },
    profit: {
      brand: 'brand',
      item: 'item',
      quantity: 'quantity',
      sales: 'sales',
      cost: 'cost',
      profit: 'gross profit',
      unknownLines: 'lines with unknown cost',
      unknownSales: 'sales with unknown cost',
      total: 'Total',
      stoves: 'Stoves',
      regulators: 'Regulators',
    },
  },
  // Words inside the transactions CSV; English keeps the stored values as they are (the Bangla
  // are the names the web app shows, libs/contracts/src/ledger-kind-names.bn.ts).
  kind: Object.fromEntries(LEDGER_KINDS.map((kind) => [kind, kind])) as Record<LedgerKind, LedgerKind>,
  method: {
    cash: 'cash',
    bank: 'bank',
    mobile: 'mobile',
    due: 'due',
    other: 'other',
  },
  tradeType: {
    refill: 'refill',
    package: 'package',
  },
  category: {
    fuel_payment: 'fuel_payment',
    repair_payment: 'repair_payment',
    void: 'void',
    return: 'return',
  },
};
