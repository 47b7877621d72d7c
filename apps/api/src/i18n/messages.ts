// Texts the API writes itself for people: invitation e-mails and the CSV exports' header lines
// and words. English here, Bangla in messages.bn.ts (same keys, same {{placeholders}}); the web
// app's texts live with the web app. Errors keep English `message`s for API clients and carry
// codes the web app says in its reader's language.
export const ns = 'api';

export const messages = {
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
  // Words inside the transactions CSV; English keeps the stored values as they are.
  kind: {
    buy: 'buy',
    sell: 'sell',
    mark_problem: 'mark_problem',
    unmark_problem: 'unmark_problem',
    stock_count: 'stock_count',
    due_payment: 'due_payment',
    vehicle_cost: 'vehicle_cost',
    salary_payment: 'salary_payment',
    price_change: 'price_change',
    sale_payment: 'sale_payment',
    sale_return: 'sale_return',
    sale_refund: 'sale_refund',
    empties_in: 'empties_in',
    empties_back: 'empties_back',
    empties_collected: 'empties_collected',
    empties_bought: 'empties_bought',
    vehicle_load: 'vehicle_load',
    vehicle_return: 'vehicle_return',
    cash_shortage: 'cash_shortage',
    cash_excess: 'cash_excess',
  },
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
