-- Reserved for inventory. Filled by that area's work.
SELECT 1;
