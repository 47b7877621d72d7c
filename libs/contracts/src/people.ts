// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { ownerOnly } from './money-view';
import { INVITE_LIFESPANS, SALARY_STATUSES } from './constants';
export { INVITE_LIFESPANS, SALARY_STATUSES, DEFAULT_SALARY } from './constants';
import { emailSchema } from './auth';
import { amountSchema, idSchema, inviteRoleSchema, paymentMethodSchema, roleSchema } from './common';
import { storeSchema } from './stores';

// Invitations, members and staff (employees with salaries). Money is a number of Taka.

export const inviteLifespanSchema = z.enum(INVITE_LIFESPANS, { message: 'Choose a lifespan' });
export type InviteLifespan = z.infer<typeof inviteLifespanSchema>;
export type InviteRole = z.infer<typeof inviteRoleSchema>;

export const createInviteBodySchema = z.object({
  email: emailSchema,
  role: z.enum(['admin', 'manager', 'staff'], { message: 'Choose a role: admin, manager or staff' }),
  lifespan: inviteLifespanSchema,
});
export type CreateInviteBody = z.infer<typeof createInviteBodySchema>;

/** A pending invitation as the store sees it. */
export const storeInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: inviteRoleSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type StoreInvite = z.infer<typeof storeInviteSchema>;
export const createInviteResponseSchema = z.object({
  invite: storeInviteSchema,
  /** The invitation's link, for the inviter to share (WhatsApp, SMS); shown only now. */
  link: z.string(),
});

/** A pending invitation's link again, for the inviter to copy (issue 29). */
export const inviteLinkResponseSchema = z.object({ link: z.string() });

/** An invitation as the invited user sees it. */
export const userInviteSchema = z.object({
  id: z.string(),
  /** The invitation's secret: accepting by it needs no matching address. */
  token: z.string(),
  role: inviteRoleSchema,
  store: z.object({ id: z.string(), name: z.string() }),
  expiresAt: z.string(),
});
export type UserInvite = z.infer<typeof userInviteSchema>;
export const userInvitesResponseSchema = z.object({ invites: z.array(userInviteSchema) });
export const userInviteResponseSchema = z.object({
  invite: userInviteSchema.extend({ status: z.enum(['pending', 'accepted']) }),
});
export const inviteByTokenQuerySchema = z.object({
  token: z.string({ message: 'Token is required' }).min(1, { message: 'Token is required' }).max(200),
});
export const acceptInviteResponseSchema = z.object({ store: storeSchema });

export const memberSchema = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: roleSchema,
  since: z.string(),
});
export type Member = z.infer<typeof memberSchema>;
export const membersResponseSchema = z.object({
  members: z.array(memberSchema),
  invites: z.array(storeInviteSchema),
});
export const updateMemberBodySchema = z.object({
  role: z.enum(['admin', 'manager', 'staff'], { message: 'Choose a role: admin, manager or staff' }),
});
export const memberResponseSchema = z.object({ member: memberSchema });
export const transferOwnershipBodySchema = z.object({ userId: z.uuid({ message: 'Choose a member' }) });
export const transferOwnershipResponseSchema = z.object({ store: storeSchema });

export type SalaryStatus = (typeof SALARY_STATUSES)[number];

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Must be at most ${max} characters` })
    .nullable()
    .optional();

export const createStaffBodySchema = z.object({
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, { message: 'Name is required' })
    .max(80, { message: 'Name must be at most 80 characters' }),
  role: optionalText(40),
  phone: optionalText(20),
  salary: amountSchema.optional(),
});
export type CreateStaffBody = z.infer<typeof createStaffBodySchema>;
export const updateStaffBodySchema = createStaffBodySchema.partial().strict();
export type UpdateStaffBody = z.infer<typeof updateStaffBodySchema>;

export const staffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string().nullable(),
  phone: z.string().nullable(),
  image: z.string().nullable(),
  salary: ownerOnly(z.number()),
  /** Paid for the current month (Asia/Dhaka). */
  paid: ownerOnly(z.number()),
  remaining: ownerOnly(z.number()),
  salaryStatus: ownerOnly(z.enum(SALARY_STATUSES)),
  lastPaidDate: ownerOnly(z.string().nullable()),
  month: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListResponseSchema = z.object({ staff: z.array(staffMemberSchema) });
export const staffResponseSchema = z.object({ staff: staffMemberSchema });

export const monthSchema = z
  .string({ message: 'Month is required' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'Month must look like 2025-01' });

export const salaryPaymentBodySchema = z.object({
  amount: amountSchema.refine((v) => v > 0, { message: 'Must be more than 0' }),
  paymentMethod: paymentMethodSchema
    .refine((m) => m !== 'due', { message: 'A salary cannot be paid on due' })
    .default('cash'),
  /** The account it is paid from (DEALER.md rule 15): of the method's family, else 400. Absent: the method's default. */
  accountId: idSchema.optional(),
  month: monthSchema.optional(),
  ref: optionalText(80),
});
export type SalaryPaymentBody = z.input<typeof salaryPaymentBodySchema>;

export const salaryPaymentSchema = z.object({
  id: z.number(),
  amount: z.number(),
  paymentMethod: paymentMethodSchema.nullable(),
  /** The account it was paid from (rule 15). */
  accountId: z.string().nullable().optional(),
  month: z.string(),
  ref: z.string().nullable(),
  createdAt: z.string(),
});
export type SalaryPayment = z.infer<typeof salaryPaymentSchema>;
export const salaryPaymentResponseSchema = z.object({ payment: salaryPaymentSchema, staff: staffMemberSchema });
export const salaryPaymentsResponseSchema = z.object({
  /** Newest month first; each with what was paid for it. */
  months: z.array(z.object({ month: z.string(), paid: z.number(), payments: z.array(salaryPaymentSchema) })),
});
