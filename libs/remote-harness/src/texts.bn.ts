// বাংলা: the standalone harness (same keys as texts.ts).
export default {
  signIn: '{{name}} আলাদা করে চালাতে লগ ইন করুন',
  identifier: 'ই-মেইল বা ইউজারনেম',
  password: 'পাসওয়ার্ড',
  submit: 'লগ ইন',
  chooseStore: 'একটি স্টোর বাছাই করুন',
  noStores: 'এই অ্যাকাউন্টে এখনো কোনো স্টোর নেই। আগে শেলে একটি খুলুন।',
  bar: 'আলাদা {{name}}',
  switchStore: 'স্টোর বদলান',
  logout: 'লগ আউট',
} satisfies Record<string, unknown>;
