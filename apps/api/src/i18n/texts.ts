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
      'If you do not have an account yet, the link lets you sign up first. ' +
      'Keep the link to yourself: whoever opens it can join.\n',
  },
  verify: {
    subject: 'Confirm your e-mail address for Mojud',
    body:
      'Open this link to confirm that {{email}} is your address on Mojud:\n{{link}}\n\n' +
      'The link expires on {{expires}}. Invitations to this address show in Mojud once it is confirmed. ' +
      'If you did not ask for this, ignore this e-mail.\n',
  },
  reset: {
    subject: 'Reset your Mojud password',
    body:
      'Open this link to choose a new password for Mojud:\n{{link}}\n\n' +
      'The link works once and expires on {{expires}}. Setting a new password signs out every device. ' +
      'If you did not ask for this, ignore this e-mail: your password stays as it is.\n',
  },
  emailChange: {
    subject: 'Your Mojud e-mail address is being changed',
    body:
      'Someone signed in as {{username}} asked to change the account’s e-mail address to {{newEmail}}. ' +
      'The change happens once the new address is confirmed.\n\n' +
      'If this was not you, change your password now.\n',
  },
  emailTaken: {
    subject: 'Someone tried to use your e-mail address on Mojud',
    body:
      'Someone tried to put your address ({{email}}) on another Mojud account. Nothing changed: ' +
      'the address stays yours. If this was you, sign in to your own account instead.\n',
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
    money: {
      account: 'account',
      opening: 'opening balance',
      moneyIn: 'money in',
      moneyOut: 'money out',
      movedIn: 'moved in',
      movedOut: 'moved out',
      closing: 'closing balance',
      total: 'Total',
      receivable: 'Receivable from shops',
      payable: 'Payable to suppliers',
      grossProfit: 'Gross profit',
      expenses: 'Expenses',
      netProfit: 'Net profit',
      cash: 'Cash drawer',
      bank: 'Bank account',
      other: 'Other account',
      bkash: 'bKash',
      nagad: 'Nagad',
      rocket: 'Rocket',
      upay: 'Upay',
      personal: 'personal',
      merchant: 'merchant',
    },
    expenses: {
      category: 'category',
      amount: 'amount',
      total: 'Total',
    },
    toOrder: {
      brand: 'brand',
      item: 'item',
      inStock: 'in stock',
      level: 'reorder level',
      toOrder: 'to order',
      stoves: 'Stoves',
      regulators: 'Regulators',
    },
    vanDay: {
      vehicle: 'vehicle',
      day: 'day',
      closedBy: 'closed by',
      item: 'item',
      loaded: 'loaded',
      soldRefill: 'sold refill',
      soldPackage: 'sold package',
      soldUnits: 'sold (stoves, regulators)',
      emptiesCollected: 'empties collected',
      returnedFull: 'returned full',
      returnedEmpty: 'returned empty',
      returnedUnits: 'returned (stoves, regulators)',
      total: 'Total',
      cashExpected: 'cash expected',
      cashHanded: 'cash handed over',
      shortage: 'shortage',
      excess: 'excess',
      difference: 'difference',
      note: 'note',
    },
    drawer: {
      drawer: 'cash drawer',
      day: 'day',
      opening: 'opening',
      moneyIn: 'money in',
      moneyOut: 'money out',
      totalIn: 'total in',
      totalOut: 'total out',
      expected: 'expected',
      counted: 'counted',
      shortage: 'shortage',
      excess: 'excess',
      difference: 'difference',
      note: 'note',
      closedBy: 'closed by',
      notClosed: 'not closed',
    },
    aboveOfficial: {
      date: 'date',
      sale: 'sale',
      item: 'item',
      quantity: 'quantity',
      price: 'price',
      official: 'official price',
      reason: 'reason',
      seller: 'seller',
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
    rent: 'rent',
    electricity: 'electricity',
    salaries: 'salaries',
    fuel_repair: 'fuel and repair',
    transport: 'transport',
    shortages: 'shortages',
    fees: 'fees and charges',
    other: 'other',
  },
};
