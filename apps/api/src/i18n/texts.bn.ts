// বাংলা: the API's e-mails and CSV exports (same keys as texts.ts).
import { LEDGER_KIND_NAMES_BN } from '@mojud/contracts';

export default {
  firstArea: 'প্রধান এলাকা',
  invite: {
    subject: 'মজুদে {{store}} দোকানে যোগ দেওয়ার দাওয়াত',
    body:
      'মজুদে {{store}} দোকানে {{role}} হিসেবে যোগ দেওয়ার জন্য আপনাকে দাওয়াত দেওয়া হয়েছে।\n\n' +
      'দাওয়াত নিতে এই লিংকটি খুলুন:\n{{link}}\n\n' +
      'লিংকটি {{expires}} পর্যন্ত চালু থাকবে। ' +
      'মজুদে এখনো অ্যাকাউন্ট না থাকলে আগে এই ই-মেইল ({{email}}) দিয়ে সাইন আপ করুন।\n',
  },
  dayPeriod: {
    night: 'রাত',
    dawn: 'ভোর',
    morning: 'সকাল',
    noon: 'দুপুর',
    afternoon: 'বিকাল',
    evening: 'সন্ধ্যা',
  },
  role: {
    owner: 'মালিক',
    admin: 'অ্যাডমিন',
    manager: 'ম্যানেজার',
    staff: 'কর্মচারী',
  },
  csv: {
    transactions: {
      id: 'আইডি',
      time: 'সময়',
      kind: 'ধরন',
      item: 'মাল',
      tradeType: 'রিফিল/প্যাকেজ',
      quantity: 'পরিমাণ',
      fullDelta: 'ভরা সিলিন্ডার বদল',
      emptyDelta: 'খালি সিলিন্ডার বদল',
      problemDelta: 'সমস্যার মাল বদল',
      stockDelta: 'স্টক বদল',
      vehicleFullDelta: 'গাড়িতে ভরা সিলিন্ডার বদল',
      vehicleEmptyDelta: 'গাড়িতে খালি সিলিন্ডার বদল',
      vehicleStockDelta: 'গাড়িতে স্টক বদল',
      emptiesOwedDelta: 'বাকি খালি বদল',
      unitPrice: 'একক দাম',
      totalAmount: 'মোট টাকা',
      paymentMethod: 'পেমেন্টের মাধ্যম',
      moneyIn: 'টাকা এসেছে',
      moneyOut: 'টাকা গেছে',
      dueDelta: 'বাকি বদল',
      shop: 'দোকান',
      vehicle: 'গাড়ি',
      staff: 'কর্মচারী',
      category: 'খাত',
      reference: 'রেফারেন্স',
      note: 'নোট',
      month: 'মাস',
      user: 'কে লিখেছেন',
    },
    profit: {
      brand: 'ব্র্যান্ড',
      item: 'মাল',
      quantity: 'পরিমাণ',
      sales: 'বিক্রি',
      cost: 'খরচ',
      profit: 'মোট লাভ',
      unknownLines: 'খরচ জানা নেই এমন লাইন',
      unknownSales: 'খরচ জানা নেই এমন বিক্রি',
      total: 'মোট',
      stoves: 'চুলা',
      regulators: 'রেগুলেটর',
    },
  },
  kind: LEDGER_KIND_NAMES_BN,
  method: {
    cash: 'নগদ',
    bank: 'ব্যাংক',
    mobile: 'মোবাইল ব্যাংকিং',
    due: 'বাকি',
    other: 'অন্যভাবে',
  },
  tradeType: {
    refill: 'রিফিল',
    package: 'প্যাকেজ',
  },
  category: {
    fuel_payment: 'তেল',
    repair_payment: 'মেরামত',
    void: 'বাতিল',
    return: 'ফেরত',
  },
} satisfies Record<string, unknown>;
