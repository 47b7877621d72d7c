-- Reserved for customer shops and vehicles. Filled by that area's work.
SELECT 1;
