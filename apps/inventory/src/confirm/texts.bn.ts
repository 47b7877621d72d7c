import type { confirm } from './texts';

export default {
  countsAfter: 'এর পরে দোকানে থাকবে',
  cylinderCounts: 'ভরা {{full}} · খালি {{empty}}',
  cylinderCountsProblem: 'ভরা {{full}} · খালি {{empty}} · সমস্যা {{problem}}',
  unitCounts: 'স্টকে {{count}}',
  unitCountsProblem: 'স্টকে {{count}} · সমস্যা {{problem}}',
  sold: 'বিক্রি {{quantity}} × {{name}}',
  bought: 'কেনা {{quantity}} × {{name}}',
  sellMoney: 'মোট {{total}} · পরিশোধ {{paid}} · বাকি {{due}}',
  shopOwes: 'এর পরে {{name}}-এর বাকি {{amount}}',
  buyMoney: 'মোট {{total}} · এখন পরিশোধ {{paid}}',
  buyPayable: 'সরবরাহকারীর পাওনা: {{amount}}',
  sellRefused: 'বিক্রি লেখা হয়নি',
  buyRefused: 'কেনা লেখা হয়নি',
  sellSaved: 'বিক্রি {{number}} লেখা হয়েছে',
  sending: '{{store}}-এ পাঠানো হচ্ছে',
  sendSaved: '{{store}}-এ ট্রান্সফার লেখা হয়েছে',
  sendRefused: 'ট্রান্সফার লেখা হয়নি',
} satisfies Record<keyof typeof confirm, string>;
