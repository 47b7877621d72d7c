import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Access, RouteRule } from '../plugins/access';
import { ROLE_RANK } from '../plugins/access';
import { createTestApp, storeWithTeam, type SignedIn } from '../tooling/test/helpers';

/**
 * Who may call each route, written from the permission matrix in docs/api-conventions.md
 * (view: staff; sell, mark problem, vehicle cost, due payment: staff; buy, prices, stock counts,
 * shops/vehicles/staff CRUD, pay staff: manager; brands, invites, roles, store settings: admin;
 * delete store, transfer ownership: owner). A route missing here, or declared differently,
 * fails this file: adding a route means deciding its rule against the matrix.
 */
const EXPECTED_ACCESS: Record<string, Access> = {
  'GET /api/v1/health': 'public',
  'GET /api/v1/openapi.json': 'public',
  'GET /api/v1/health/ready': 'public',
  'GET /api/v1/health/live': 'public',
  'POST /api/v1/auth/register': 'public',
  'POST /api/v1/auth/login': 'public',
  'POST /api/v1/auth/refresh': 'public',
  'POST /api/v1/auth/logout': 'public',
  'POST /api/v1/auth/verify-email': 'public',
  'POST /api/v1/auth/password/forgot': 'public',
  'POST /api/v1/auth/password/reset': 'public',
  'GET /api/v1/user/me': 'user',
  'PATCH /api/v1/user/me': 'user',
  'POST /api/v1/user/me/password': 'user',
  'POST /api/v1/user/me/email/verify': 'user',
  'POST /api/v1/user/me/sessions/revoke-others': 'user',
  'GET /api/v1/stores': 'user',
  'POST /api/v1/stores': 'user',
  // The owner's view of all his stores (issue 28): any signed-in user; it answers only the stores
  // where they are manager or up, read from their memberships.
  'GET /api/v1/overview': 'user',
  'GET /api/v1/stores/:storeId': 'staff',
  'PATCH /api/v1/stores/:storeId': 'admin',
  'DELETE /api/v1/stores/:storeId': 'owner',
  // Rule 14: every member sees how far staff may sell below the tier; store settings set it.
  'GET /api/v1/stores/:storeId/selling-limit': 'staff',
  'PUT /api/v1/stores/:storeId/selling-limit': 'admin',

  // People: staff and salaries, members, invitations.
  'GET /api/v1/stores/:storeId/staff': 'staff',
  'POST /api/v1/stores/:storeId/staff': 'manager',
  'PATCH /api/v1/stores/:storeId/staff/:staffId': 'manager',
  'DELETE /api/v1/stores/:storeId/staff/:staffId': 'manager',
  'POST /api/v1/stores/:storeId/staff/:staffId/payments': 'manager',
  'GET /api/v1/stores/:storeId/staff/:staffId/payments': 'manager',
  'GET /api/v1/stores/:storeId/members': 'staff',
  'PATCH /api/v1/stores/:storeId/members/:userId': 'admin',
  // Anyone may leave; removing someone else needs admin (checked in the handler).
  'DELETE /api/v1/stores/:storeId/members/:userId': 'staff',
  'POST /api/v1/stores/:storeId/transfer-ownership': 'owner',
  'POST /api/v1/stores/:storeId/invites': 'admin',
  'DELETE /api/v1/stores/:storeId/invites/:inviteId': 'admin',
  'GET /api/v1/stores/:storeId/invites/:inviteId/link': 'admin',
  'POST /api/v1/stores/:storeId/invites/:inviteId/resend': 'admin',
  'GET /api/v1/user/invites': 'user',
  'GET /api/v1/user/invites/by-token': 'user',
  'PATCH /api/v1/user/invites/:id/accept': 'user',
  'PATCH /api/v1/user/invites/:id/decline': 'user',

  // Inventory: brands admin; buy, prices, new items, stock counts manager; sell and mark staff.
  // Sales: staff sell and read; voids and returns are a manager's (DEALER.md rule 7).
  'POST /api/v1/stores/:storeId/sales': 'staff',
  'GET /api/v1/stores/:storeId/sales': 'staff',
  'GET /api/v1/stores/:storeId/sales/:saleId': 'staff',
  'POST /api/v1/stores/:storeId/sales/:saleId/void': 'manager',
  'POST /api/v1/stores/:storeId/sales/:saleId/returns': 'manager',
  // Costs, profit and money reports are for managers up (DEALER.md rule 23).
  'GET /api/v1/stores/:storeId/reports/profit': 'manager',
  'GET /api/v1/stores/:storeId/reports/profit.csv': 'manager',
  // Expenses (rule 18) are the owner's money: managers up record and read them.
  'POST /api/v1/stores/:storeId/expenses': 'manager',
  'GET /api/v1/stores/:storeId/expenses': 'manager',
  'GET /api/v1/stores/:storeId/reports/expenses': 'manager',
  'GET /api/v1/stores/:storeId/reports/expenses.csv': 'manager',
  // The official price book (rule 13): every member reads it; managers and up enter it, choose
  // warn or refuse and read the sales above it.
  'GET /api/v1/stores/:storeId/official-prices': 'staff',
  'POST /api/v1/stores/:storeId/official-prices': 'manager',
  'PUT /api/v1/stores/:storeId/official-price-policy': 'manager',
  'GET /api/v1/stores/:storeId/reports/above-official': 'manager',
  'GET /api/v1/stores/:storeId/reports/above-official.csv': 'manager',
  // Transfers between stores (DEALER.md rule 21): managers and up send and cancel (and must be
  // manager or up in the receiving store too, checked in the handler); any member receives
  // (counts what arrived) and sees them; stock by location is stock, seen by all.
  'GET /api/v1/stores/:storeId/transfer-destinations': 'manager',
  'POST /api/v1/stores/:storeId/transfers': 'manager',
  'GET /api/v1/stores/:storeId/transfers': 'staff',
  'GET /api/v1/stores/:storeId/transfers/:transferId': 'staff',
  'POST /api/v1/stores/:storeId/transfers/:transferId/receive': 'staff',
  'POST /api/v1/stores/:storeId/transfers/:transferId/cancel': 'manager',
  'GET /api/v1/stores/:storeId/stock-locations': 'staff',
  // Money that arrives (rule 22): the person at the counter pastes a wallet's SMS (the payment
  // comes back without any balance); the list and what to do with what matched no shop are a
  // manager's. The SMS gateway posts forwarded messages with its secret (404 without it).
  'POST /api/v1/stores/:storeId/incoming-payments/sms': 'staff',
  'GET /api/v1/stores/:storeId/incoming-payments': 'manager',
  'POST /api/v1/stores/:storeId/incoming-payments/:paymentId/assign': 'manager',
  'POST /api/v1/stores/:storeId/incoming-payments/:paymentId/dismiss': 'manager',
  'POST /api/v1/payments/sms-inbound': 'public',
  'GET /api/v1/stores/:storeId/drawer': 'manager',
  'POST /api/v1/stores/:storeId/drawer/close': 'manager',
  'GET /api/v1/stores/:storeId/drawer/sheet.csv': 'manager',

  // Money accounts (rule 15): every member lists them (balances are left out for staff);
  // managers and up set them up with their opening balances.
  'GET /api/v1/stores/:storeId/accounts': 'staff',
  'POST /api/v1/stores/:storeId/accounts': 'manager',
  'PATCH /api/v1/stores/:storeId/accounts/:accountId': 'manager',
  'POST /api/v1/stores/:storeId/accounts/:accountId/opening': 'manager',
  // Moves between accounts and the money picture: the owner's money (rules 16, 23).
  'POST /api/v1/stores/:storeId/accounts/transfers': 'manager',
  'GET /api/v1/stores/:storeId/reports/money': 'manager',
  'GET /api/v1/stores/:storeId/reports/money.csv': 'manager',

  'GET /api/v1/stores/:storeId/brands/a': 'staff',
  'PATCH /api/v1/stores/:storeId/brands': 'admin',
  'GET /api/v1/stores/:storeId/cylinder-inventory': 'staff',
  'GET /api/v1/stores/:storeId/cylinder-sizes': 'staff',
  'POST /api/v1/stores/:storeId/cylinder-sizes': 'admin',
  'POST /api/v1/stores/:storeId/cylinders/buy': 'manager',
  'POST /api/v1/stores/:storeId/cylinders/sell': 'staff',
  'PATCH /api/v1/stores/:storeId/cylinders/mark-defected': 'staff',
  'PATCH /api/v1/stores/:storeId/cylinder-inventory/:itemId': 'manager',
  'GET /api/v1/stores/:storeId/stove-inventory': 'staff',
  'POST /api/v1/stores/:storeId/stove-inventory': 'manager',
  'PATCH /api/v1/stores/:storeId/stove-inventory/:itemId': 'manager',
  'POST /api/v1/stores/:storeId/stoves/buy': 'manager',
  'POST /api/v1/stores/:storeId/stoves/sell': 'staff',
  'PATCH /api/v1/stores/:storeId/stoves/mark-defected': 'staff',
  'GET /api/v1/stores/:storeId/regulator-inventory': 'staff',
  'POST /api/v1/stores/:storeId/regulator-inventory': 'manager',
  'PATCH /api/v1/stores/:storeId/regulator-inventory/:itemId': 'manager',
  'POST /api/v1/stores/:storeId/regulators/buy': 'manager',
  'POST /api/v1/stores/:storeId/regulators/sell': 'staff',
  'PATCH /api/v1/stores/:storeId/regulators/mark-defected': 'staff',
  'POST /api/v1/stores/:storeId/stock-counts': 'manager',
  // Opening balances (DEALER.md rule 20) and the shop file: a manager's, like stock counts and shops.
  'POST /api/v1/stores/:storeId/opening-stock': 'manager',
  'POST /api/v1/stores/:storeId/opening-stock/:itemId/reverse': 'manager',
  'POST /api/v1/stores/:storeId/shops/:shopId/opening': 'manager',
  'POST /api/v1/stores/:storeId/shops/:shopId/opening/reverse': 'manager',
  'POST /api/v1/stores/:storeId/shops/import': 'manager',
  'GET /api/v1/stores/:storeId/shops.csv': 'manager',
  'GET /api/v1/stores/:storeId/shops/template.csv': 'manager',

  // Customer shops (workspace = store, division = delivery area): CRUD manager, due payment staff.
  'GET /api/v1/workspace/:workspaceId/divisions': 'staff',
  'POST /api/v1/workspace/:workspaceId/divisions': 'manager',
  'PATCH /api/v1/workspace/:workspaceId/divisions/:divisionId': 'manager',
  'DELETE /api/v1/workspace/:workspaceId/divisions/:divisionId': 'manager',
  'GET /api/v1/workspace/:workspaceId/divisions/:divisionId/stores': 'staff',
  'POST /api/v1/workspace/:workspaceId/divisions/:divisionId/stores': 'manager',
  'PUT /api/v1/workspace/:workspaceId/divisions/:divisionId/stores/:shopId': 'manager',
  'DELETE /api/v1/workspace/:workspaceId/divisions/:divisionId/stores/:shopId': 'manager',
  'POST /api/v1/workspace/:workspaceId/divisions/:divisionId/stores/:shopId/payments': 'staff',
  'GET /api/v1/workspace/:workspaceId/divisions/:divisionId/stores/:shopId/history': 'staff',
  'GET /api/v1/stores/:storeId/shops': 'staff',
  'POST /api/v1/stores/:storeId/shops/:shopId/payments': 'staff',
  'GET /api/v1/stores/:storeId/shops/:shopId/history': 'staff',

  // Vehicles: CRUD manager; fuel and repair costs staff.
  'GET /api/v1/stores/:storeId/suppliers': 'manager',
  'POST /api/v1/stores/:storeId/suppliers': 'manager',
  'PATCH /api/v1/stores/:storeId/suppliers/:supplierId': 'manager',
  'DELETE /api/v1/stores/:storeId/suppliers/:supplierId': 'manager',
  'POST /api/v1/stores/:storeId/suppliers/:supplierId/payments': 'manager',
  'GET /api/v1/stores/:storeId/suppliers/:supplierId/statement': 'manager',
  'GET /api/v1/stores/:storeId/vehicles': 'staff',
  'POST /api/v1/stores/:storeId/vehicles': 'manager',
  'PATCH /api/v1/stores/:storeId/vehicles/:vehicleId': 'manager',
  'DELETE /api/v1/stores/:storeId/vehicles/:vehicleId': 'manager',
  'POST /api/v1/stores/:storeId/vehicles/:vehicleId/fuel': 'staff',
  'POST /api/v1/stores/:storeId/vehicles/:vehicleId/repair': 'staff',
  'GET /api/v1/stores/:storeId/vehicles/:vehicleId/txs': 'staff',

  // Empties (DEALER.md rule 9): staff collect them, like a due payment; everyone views.
  'POST /api/v1/stores/:storeId/shops/:shopId/empties': 'staff',
  'GET /api/v1/stores/:storeId/empties-owed': 'staff',
  // Vehicles as stock locations (rule 10): staff sell from them (POST /sales); loading and the
  // day close are a manager's or the vehicle's driver's, checked in the handler after the
  // vehicle is found (so another store's vehicle is a 404, not a 403).
  'POST /api/v1/stores/:storeId/vehicles/:vehicleId/loads': 'staff',
  'POST /api/v1/stores/:storeId/vehicles/:vehicleId/close': 'staff',
  'GET /api/v1/stores/:storeId/vehicles/:vehicleId/day': 'staff',
  'GET /api/v1/stores/:storeId/vehicles/:vehicleId/closes': 'staff',
  'GET /api/v1/stores/:storeId/vehicles/:vehicleId/closes/:closeId': 'staff',
  'GET /api/v1/stores/:storeId/vehicles/:vehicleId/closes/:closeId/report.csv': 'staff',

  // Reports: the ledger is a money report, for managers up (rule 23); staff get their own
  // work in the summary.
  'GET /api/v1/stores/:storeId/transactions': 'manager',

  // Remote releases: any signed-in page reports what it runs; statistics are for operators
  // (OPERATOR_USERS, checked in the handler; everyone else gets 404).
  'POST /api/v1/remote-releases/loads': 'user',
  'POST /api/v1/remote-releases/errors': 'user',
  'GET /api/v1/remote-releases': 'user',
  'GET /api/v1/stores/:storeId/transactions.csv': 'manager',
  'GET /api/v1/stores/:storeId/summary': 'staff',

  // Messages (docs/decisions.md, "Messages"): settings, templates, the message queue, a resend and a
  // reminder run for all shops are the owner's and admins' (store settings); a reminder to one
  // shop, its WhatsApp text and its statement links are for whoever takes its due payment
  // (staff); reorder levels are set by whoever sets prices (manager); the statement opens by its
  // link alone, and delivery reports come from the gateway with its secret.
  'GET /api/v1/stores/:storeId/messages/settings': 'admin',
  'PUT /api/v1/stores/:storeId/messages/settings': 'admin',
  'GET /api/v1/stores/:storeId/messages': 'admin',
  'POST /api/v1/stores/:storeId/messages/:messageId/resend': 'admin',
  'POST /api/v1/stores/:storeId/messages/reminder-runs': 'admin',
  'POST /api/v1/stores/:storeId/shops/:shopId/reminders': 'staff',
  'GET /api/v1/stores/:storeId/messages/text': 'staff',
  'GET /api/v1/stores/:storeId/shops/:shopId/statement-links': 'staff',
  'POST /api/v1/stores/:storeId/shops/:shopId/statement-links': 'staff',
  'POST /api/v1/stores/:storeId/statement-links/:linkId/revoke': 'staff',
  'GET /api/v1/public/statements/:token': 'public',
  'POST /api/v1/messages/delivery-reports': 'public',
  // Getting paid (rule 22): the wallets, the Bangla QR and a shop's payment request are what the
  // counter shows a customer (staff read them); managers and up set the store's Bangla QR.
  'GET /api/v1/stores/:storeId/payment-details': 'staff',
  'PUT /api/v1/stores/:storeId/payment-details': 'manager',
  'GET /api/v1/stores/:storeId/shops/:shopId/payment-request': 'staff',
  'GET /api/v1/stores/:storeId/reorder': 'staff',
  'GET /api/v1/stores/:storeId/reorder.csv': 'staff',
  'PUT /api/v1/stores/:storeId/reorder-levels': 'manager',

  // Honest message states (issue 29): the sale screen asks whether a receipt will go (whoever
  // sells); the store's message texts and its payment number are changed by managers and up.
  'GET /api/v1/stores/:storeId/messages/receipt-plan': 'staff',
  'GET /api/v1/stores/:storeId/messages/templates': 'manager',
  'PUT /api/v1/stores/:storeId/messages/templates': 'manager',

  // bKash's merchant API (issue 31): its credentials are the owner's alone. A shop starts a
  // payment from its statement link (the link is the permission); bKash sends the payer back to
  // the callback and posts its notifications, each address carrying its own sealed or random token.
  'GET /api/v1/stores/:storeId/payment-gateways/bkash': 'owner',
  'PUT /api/v1/stores/:storeId/payment-gateways/bkash': 'owner',
  'DELETE /api/v1/stores/:storeId/payment-gateways/bkash': 'owner',
  'POST /api/v1/public/statements/:token/bkash': 'public',
  'GET /api/v1/payments/bkash/callback/:token': 'public',
  'POST /api/v1/payments/bkash/notify/:token': 'public',
};

/** Routes known to answer 500 to an empty body; reported to their owners, not hidden. */
const KNOWN_SERVER_ERRORS = new Set<string>([]);

/** Routes that would end the shared team's store; each gets a store of its own. */
const ENDS_THE_STORE = new Set(['DELETE /api/v1/stores/:storeId']);

const ctx = await createTestApp();
// Dropping the test database can kill a connection the pool is still closing.
ctx.pool.on('error', () => {});
afterAll(() => ctx.close());

const key = (r: RouteRule) => `${r.method} ${r.url}`;
const storeScoped = ctx.app.routeRules.filter((r) => r.access !== 'public' && r.access !== 'user');
type Team = Awaited<ReturnType<typeof storeWithTeam>>;
let shared: Team | undefined;

function fillPath(rule: RouteRule, storeId: string) {
  return rule.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => (name === rule.storeParam ? storeId : crypto.randomUUID()));
}

async function send(rule: RouteRule, storeId: string, who?: SignedIn) {
  const withBody = ['POST', 'PUT', 'PATCH'].includes(rule.method);
  return ctx.app.inject({
    method: rule.method as 'GET',
    url: fillPath(rule, storeId),
    headers: who?.auth ?? {},
    ...(withBody && { payload: {} }),
  });
}

describe('route access rules', () => {
  it('every route declares exactly the rule the permission matrix gives it', () => {
    const declared = Object.fromEntries(ctx.app.routeRules.map((r) => [key(r), r.access]));
    expect(declared).toEqual(EXPECTED_ACCESS);
  });

  it('each store-scoped route names a store parameter that is in its path', () => {
    for (const rule of storeScoped) {
      expect(rule.url, key(rule)).toContain(`:${rule.storeParam}`);
      if (rule.url.includes(':workspaceId')) expect(rule.storeParam, key(rule)).toBe('workspaceId');
    }
  });

  it.each(ctx.app.routeRules.filter((r) => r.access !== 'public').map((r) => [key(r), r] as const))(
    '%s refuses a caller without a token (401)',
    async (_, rule) => {
      const res = await send(rule, crypto.randomUUID());
      expect(res.statusCode).toBe(401);
    },
  );
});

describe.each(storeScoped.map((r) => [key(r), r] as const))('%s', (name, rule) => {
  it(`non-members get 404, members below '${rule.access}' 403, the rest get through`, async () => {
    const team = ENDS_THE_STORE.has(name) ? await storeWithTeam(ctx) : (shared ??= await storeWithTeam(ctx));
    const storeId = team.store.id;
    const outsider = await send(rule, storeId, team.outsider);
    expect(outsider.statusCode, 'non-member').toBe(404);
    expect(outsider.json().message).toBe('Store not found');
    // Lowest role first, so the owner's request (which may change things) comes last.
    for (const role of ['staff', 'manager', 'admin', 'owner'] as const) {
      const res = await send(rule, storeId, team[role]);
      const label = `${role} → ${res.statusCode} ${res.body}`;
      if (ROLE_RANK[role] < ROLE_RANK[rule.access as keyof typeof ROLE_RANK]) {
        expect(res.statusCode, label).toBe(403);
      } else {
        expect([401, 403], label).not.toContain(res.statusCode);
        if (!KNOWN_SERVER_ERRORS.has(name)) expect(res.statusCode, label).toBeLessThan(500);
        if (res.statusCode === 404) expect(res.json().message, label).not.toBe('Store not found');
      }
    }
  });
});
