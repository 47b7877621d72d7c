-- Reserved for dashboard and history. Filled by that area's work.
SELECT 1;
