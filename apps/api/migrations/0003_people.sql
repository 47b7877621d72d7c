-- Reserved for staff, salaries, invitations. Filled by that area's work.
SELECT 1;
