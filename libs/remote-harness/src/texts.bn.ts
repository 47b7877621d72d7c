// বাংলা: the standalone harness (same keys as texts.ts).
export default {
  signIn: '{{name}} আলাদা করে চালাতে লগ ইন করুন',
  identifier: 'ই-মেইল বা ইউজারনেম',
  password: 'পাসওয়ার্ড',
  submit: 'লগ ইন',
  chooseStore: 'একটি দোকান বাছাই করুন',
  noStores: 'এই অ্যাকাউন্টে এখনো কোনো দোকান নেই। আগে শেলে একটি খুলুন।',
  bar: 'আলাদা {{name}}',
  switchStore: 'দোকান বদলান',
  logout: 'লগ আউট',
} satisfies Record<string, unknown>;
