// বাংলা: the buy's supplier and paid part (same keys as texts.ts).
export default {
  supplier: 'সরবরাহকারী (কোম্পানি)',
  none: 'বাছাই করা হয়নি',
  paid: 'এখন পরিশোধ (৳)',
  paidHint: 'সবটা দিলে খালি রাখুন; বাকিটা সরবরাহকারীর কাছে দেনা থাকবে।',
  account: 'যেখান থেকে দেওয়া হলো',
} satisfies Record<string, string>;
