// বাংলা: the API's e-mails and CSV exports (same keys as texts.ts).
import { LEDGER_KIND_NAMES_BN } from '@mojud/contracts';

export default {
  firstArea: 'প্রধান এলাকা',
  invite: {
    subject: 'মজুদে {{store}} স্টোরে যোগ দেওয়ার আমন্ত্রণ',
    body:
      'মজুদে {{store}} স্টোরে {{role}} হিসেবে যোগ দেওয়ার জন্য আপনাকে আমন্ত্রণ জানানো হয়েছে।\n\n' +
      'আমন্ত্রণ গ্রহণ করতে এই লিংকটি খুলুন:\n{{link}}\n\n' +
      'লিংকটি {{expires}} পর্যন্ত চালু থাকবে। ' +
      'মজুদে এখনো অ্যাকাউন্ট না থাকলে লিংকটি থেকেই আগে সাইন আপ করতে পারবেন। ' +
      'লিংকটি কাউকে দেবেন না: যে খুলবে সেই যোগ দিতে পারবে।\n',
  },
  verify: {
    subject: 'মজুদে আপনার ই-মেইল ঠিকানা নিশ্চিত করুন',
    body:
      '{{email}} যে মজুদে আপনার ঠিকানা, তা নিশ্চিত করতে এই লিংকটি খুলুন:\n{{link}}\n\n' +
      'লিংকটি {{expires}} পর্যন্ত চালু থাকবে। ঠিকানা নিশ্চিত হলে এই ঠিকানায় পাঠানো আমন্ত্রণ মজুদে দেখা যাবে। ' +
      'আপনি এটি না চাইলে এই ই-মেইলটি উপেক্ষা করুন।\n',
  },
  reset: {
    subject: 'মজুদের পাসওয়ার্ড নতুন করে ঠিক করুন',
    body:
      'মজুদের জন্য নতুন পাসওয়ার্ড ঠিক করতে এই লিংকটি খুলুন:\n{{link}}\n\n' +
      'লিংকটি একবারই কাজ করবে, {{expires}} পর্যন্ত। নতুন পাসওয়ার্ড দিলে সব ডিভাইস থেকে সাইন আউট হবে। ' +
      'আপনি এটি না চাইলে এই ই-মেইলটি উপেক্ষা করুন: পাসওয়ার্ড যেমন আছে তেমনই থাকবে।\n',
  },
  emailChange: {
    subject: 'আপনার মজুদ অ্যাকাউন্টের ই-মেইল ঠিকানা বদলানো হচ্ছে',
    body:
      '{{username}} হিসেবে সাইন ইন করা কেউ অ্যাকাউন্টের ই-মেইল ঠিকানা {{newEmail}} করতে চেয়েছেন। ' +
      'নতুন ঠিকানা নিশ্চিত হলে তবেই বদলাবে।\n\n' +
      'এটি আপনি না করে থাকলে এখনই পাসওয়ার্ড বদলান।\n',
  },
  emailTaken: {
    subject: 'কেউ মজুদে আপনার ই-মেইল ঠিকানা ব্যবহার করতে চেয়েছেন',
    body:
      'কেউ আপনার ঠিকানা ({{email}}) মজুদের অন্য একটি অ্যাকাউন্টে বসাতে চেয়েছেন। কিছুই বদলায়নি: ' +
      'ঠিকানাটি আপনারই আছে। এটি আপনি হলে নিজের অ্যাকাউন্টে সাইন ইন করুন।\n',
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
      profit: 'গ্রস লাভ',
      unknownLines: 'খরচ জানা নেই এমন লাইন',
      unknownSales: 'খরচ জানা নেই এমন বিক্রি',
      total: 'মোট',
      stoves: 'চুলা',
      regulators: 'রেগুলেটর',
    },
    money: {
      account: 'অ্যাকাউন্ট',
      opening: 'শুরুর ব্যালেন্স',
      moneyIn: 'টাকা এসেছে',
      moneyOut: 'টাকা গেছে',
      movedIn: 'অন্য অ্যাকাউন্ট থেকে এসেছে',
      movedOut: 'অন্য অ্যাকাউন্টে গেছে',
      closing: 'শেষের ব্যালেন্স',
      total: 'মোট',
      receivable: 'দোকানের কাছে পাওনা',
      payable: 'সরবরাহকারীর দেনা',
      grossProfit: 'গ্রস লাভ',
      expenses: 'খরচ',
      netProfit: 'নিট লাভ',
      cash: 'ক্যাশবাক্স',
      bank: 'ব্যাংক হিসাব',
      other: 'অন্যান্য',
      bkash: 'বিকাশ',
      nagad: 'নগদ ওয়ালেট',
      rocket: 'রকেট',
      upay: 'উপায়',
      personal: 'ব্যক্তিগত',
      merchant: 'মার্চেন্ট',
    },
    expenses: {
      category: 'খাত',
      amount: 'টাকা',
      total: 'মোট',
    },
    toOrder: {
      brand: 'ব্র্যান্ড',
      item: 'মাল',
      inStock: 'মজুদ',
      level: 'অর্ডারের সীমা',
      toOrder: 'অর্ডার করুন',
      stoves: 'চুলা',
      regulators: 'রেগুলেটর',
    },
    vanDay: {
      vehicle: 'গাড়ি',
      day: 'দিন',
      closedBy: 'যিনি শেষ করলেন',
      item: 'মাল',
      loaded: 'তোলা',
      soldRefill: 'রিফিল বিক্রি',
      soldPackage: 'প্যাকেজ বিক্রি',
      soldUnits: 'চুলা, রেগুলেটর বিক্রি',
      emptiesCollected: 'খালি সংগ্রহ',
      returnedFull: 'ভরা ফেরত',
      returnedEmpty: 'খালি ফেরত',
      returnedUnits: 'চুলা, রেগুলেটর ফেরত',
      total: 'মোট',
      cashExpected: 'যত নগদ আসার কথা',
      cashHanded: 'চালক যত নগদ দিলেন',
      shortage: 'ঘাটতি',
      excess: 'বাড়তি',
      difference: 'পার্থক্য',
      note: 'নোট',
    },
    aboveOfficial: {
      date: 'তারিখ',
      sale: 'বিক্রি',
      item: 'মাল',
      quantity: 'পরিমাণ',
      price: 'দাম',
      official: 'সরকারি দাম',
      reason: 'কারণ',
      seller: 'বিক্রেতা',
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
    rent: 'ভাড়া',
    electricity: 'বিদ্যুৎ বিল',
    salaries: 'বেতন',
    fuel_repair: 'জ্বালানি ও মেরামত',
    transport: 'পরিবহন',
    shortages: 'ঘাটতি',
    fees: 'ফি ও চার্জ',
    other: 'অন্যান্য',
  },
} satisfies Record<string, unknown>;
