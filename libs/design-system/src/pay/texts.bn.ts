export default {
  title: '{{amount}} পরিশোধ করুন',
  reference: 'রেফারেন্স',
  referenceHint: 'টাকা পাঠানোর সময় রেফারেন্সে এটি লিখুন।',
  scan: 'যেকোনো ব্যাংক বা ওয়ালেট অ্যাপ দিয়ে স্ক্যান করুন (বাংলা কিউআর)।',
  qrLabel: '{{amount}} পরিশোধের বাংলা কিউআর, রেফারেন্স {{reference}}',
  walletsLabel: 'যে নম্বরে টাকা পাঠাবেন',
  how_personal: 'সেন্ড মানি',
  how_merchant: 'পেমেন্ট',
  copy: 'কপি',
  copyNumber: '{{number}} নম্বরটি কপি করুন',
  copied: '{{number}} কপি হয়েছে',
  copyFailed: 'কপি করা গেল না। নম্বরটি বেছে নিয়ে নিজে কপি করুন।',
} satisfies Record<string, unknown>;
