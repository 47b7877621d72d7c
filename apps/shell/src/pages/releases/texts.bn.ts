// বাংলা: the release statistics for operators (same keys as texts.ts).
export default {
  releases: {
    title: 'রিমোট রিলিজ',
    intro: 'কোন অংশের কোন রিলিজ মানুষ চালাচ্ছেন, আর তাতে কী কী ভুল হয়েছে। খারাপ ক্যানারি ফিরিয়ে নিতে npm run rollback চালান।',
    loading: 'রিলিজ লোড হচ্ছে…',
    notOperator: 'এই পাতা মজুদ যারা রিলিজ করেন তাদের জন্য। দরকার হলে তাদের বলুন।',
    failed: 'রিলিজের হিসাব আনা যায়নি: {{message}}',
    empty: 'এখনো কোনো রিলিজ চালানো হয়নি।',
    thisPage: 'এই পাতায় চলছে: {{releases}}',
    columns: {
      release: 'রিলিজ',
      users: 'ব্যবহারকারী',
      loads: 'বার খোলা',
      errors: 'ভুল',
      lastError: 'শেষ ভুল',
      lastSeen: 'শেষ দেখা',
    },
  },
} satisfies Record<string, unknown>;
