import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@mojud/contracts';
import { ROLE_RANK, type RouteRule } from '../../plugins/access';
import { createTestApp, type SignedIn } from '../../tooling/test/helpers';
import { populatedStore, storeChecksum, type StoreObjects } from '../../tooling/test/populated-store';
import { DEMO_BANGLA_QR } from '../../payments/demo-seed';

/**
 * Store isolation, generated from the app's own route list: members of store B, in every role,
 * aim every route at store A's objects, by id, and get 404; lists as B hold none of A's rows;
 * and store A's rows are byte for byte the same afterwards. A route with no case below fails
 * this file, naming the route, so no new route ships without its isolation case.
 */
// No job queue: a message delivered in the background would look like a change to store A.
const ctx = await createTestApp({ jobs: false });
ctx.pool.on('error', () => {});

interface Req {
  /** Path parameters other than the store; the store parameter is filled in by the suite. */
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
}
type Objects = { a: StoreObjects; b: StoreObjects };
/**
 * - `object`: names A's objects (path or body): B's members get 404 (403 if their role is too low).
 * - `list`: reads B's data: 200 (or 403), with none of A's markers in the answer.
 * - `own`: acts on B itself with nothing of A's: any non-5xx answer, none of A's markers.
 * - `none`: not about a store's objects (sign-in, one's own profile); the reason says why.
 */
type Case =
  | { kind: 'object'; variants: (o: Objects) => Req[] }
  | { kind: 'list'; variants?: (o: Objects) => Req[] }
  | { kind: 'own'; req?: (o: Objects) => Req; only?: 'foreign-store' }
  | { kind: 'none'; reason: string };

const body = (b: unknown) => ({ body: b });
const MESSAGE_SETTINGS = {
  saleReceipt: true,
  paymentReceipt: false,
  dueReminders: true,
  reminderDays: [6],
  reminderHour: 10,
  reminderMinDue: 500,
  monthlyCap: 50,
  channel: 'sms',
  linkDays: 7,
  ownerAlerts: 'off',
  ownerPhone: null,
  ownerLanguage: 'en',
  lowStockAlerts: true,
  dailySummary: false,
  summaryHour: 21,
  templates: {},
};
const CASES: Record<string, Case> = {
  'GET /api/v1/health': { kind: 'none', reason: 'public health check' },
  'GET /api/v1/openapi.json': { kind: 'none', reason: 'public description of the API, the same for everyone' },
  'GET /api/v1/health/ready': { kind: 'none', reason: 'public readiness check' },
  'GET /api/v1/health/live': { kind: 'none', reason: 'public liveness check' },
  'POST /api/v1/auth/register': { kind: 'none', reason: 'creates a user; no store' },
  'POST /api/v1/auth/login': { kind: 'none', reason: 'sign-in; no store' },
  'POST /api/v1/auth/refresh': { kind: 'none', reason: 'session cookie only (sessions.test.ts)' },
  'POST /api/v1/auth/logout': { kind: 'none', reason: 'session cookie only (sessions.test.ts)' },
  'POST /api/v1/auth/verify-email': { kind: 'none', reason: 'an e-mailed link of one account; no store' },
  'POST /api/v1/auth/password/forgot': { kind: 'none', reason: 'mails a reset link to an account; no store' },
  'POST /api/v1/auth/password/reset': { kind: 'none', reason: 'an e-mailed link of one account; no store' },
  'GET /api/v1/user/me': { kind: 'none', reason: 'the caller’s own profile' },
  'PATCH /api/v1/user/me': { kind: 'none', reason: 'the caller’s own profile' },
  'POST /api/v1/user/me/password': { kind: 'none', reason: 'the caller’s own password' },
  'POST /api/v1/user/me/email/verify': { kind: 'none', reason: 'the caller’s own address' },
  'POST /api/v1/user/me/sessions/revoke-others': { kind: 'none', reason: 'the caller’s own sessions' },
  'GET /api/v1/stores': { kind: 'list' },
  // The caller's own stores where they are manager or up: B's figures only, none of A's.
  'GET /api/v1/overview': { kind: 'list' },
  // A new store of one's own is 'own'; started from store A (copyFrom), it is A's object.
  'POST /api/v1/stores': {
    kind: 'object',
    variants: ({ a }) => [
      body({ name: 'Bravo Two', location: 'Sylhet', phone: '01811000000', copyFrom: { storeId: a.storeId, shops: true } }),
    ],
  },
  'GET /api/v1/user/invites': { kind: 'list' },
  'GET /api/v1/user/invites/by-token': {
    kind: 'none',
    reason: 'the token is the permission: whoever holds the link sees its invitation (invites.test.ts); by id, B gets 404 below',
  },
  'PATCH /api/v1/user/invites/:id/accept': {
    kind: 'object',
    variants: ({ a }) => [{ params: { id: a.inviteId } }],
  },
  'PATCH /api/v1/user/invites/:id/decline': {
    kind: 'object',
    variants: ({ a }) => [{ params: { id: a.inviteId } }],
  },

  'GET /api/v1/stores/:storeId': { kind: 'list' },
  'PATCH /api/v1/stores/:storeId': { kind: 'own', req: () => body({ location: 'Bravo Road' }) },
  'DELETE /api/v1/stores/:storeId': { kind: 'own', only: 'foreign-store' },
  'GET /api/v1/stores/:storeId/selling-limit': { kind: 'list' },
  'PUT /api/v1/stores/:storeId/selling-limit': { kind: 'own', req: () => body({ staffBelowTierPercent: 2 }) },

  'GET /api/v1/stores/:storeId/staff': { kind: 'list' },
  'POST /api/v1/stores/:storeId/staff': { kind: 'own', req: () => body({ name: 'Bravo helper' }) },
  'PATCH /api/v1/stores/:storeId/staff/:staffId': {
    kind: 'object',
    variants: ({ a }) => [{ params: { staffId: a.staffId }, body: { salary: 1 } }],
  },
  'DELETE /api/v1/stores/:storeId/staff/:staffId': {
    kind: 'object',
    variants: ({ a }) => [{ params: { staffId: a.staffId } }],
  },
  'POST /api/v1/stores/:storeId/staff/:staffId/payments': {
    kind: 'object',
    variants: ({ a }) => [{ params: { staffId: a.staffId }, body: { amount: 100 } }],
  },
  'GET /api/v1/stores/:storeId/staff/:staffId/payments': {
    kind: 'object',
    variants: ({ a }) => [{ params: { staffId: a.staffId } }],
  },
  'GET /api/v1/stores/:storeId/members': { kind: 'list' },
  'PATCH /api/v1/stores/:storeId/members/:userId': {
    kind: 'object',
    variants: ({ a }) => [{ params: { userId: a.team.manager.id }, body: { role: 'staff' } }],
  },
  'DELETE /api/v1/stores/:storeId/members/:userId': {
    kind: 'object',
    variants: ({ a }) => [{ params: { userId: a.team.staff.id } }, { params: { userId: a.owner.id } }],
  },
  'POST /api/v1/stores/:storeId/transfer-ownership': {
    kind: 'object',
    variants: ({ a }) => [body({ userId: a.team.admin.id })],
  },
  'POST /api/v1/stores/:storeId/invites': {
    kind: 'own',
    req: () => body({ email: 'bravo.newcomer@example.com', role: 'staff', lifespan: '1d' }),
  },
  'DELETE /api/v1/stores/:storeId/invites/:inviteId': {
    kind: 'object',
    variants: ({ a }) => [{ params: { inviteId: a.inviteId } }],
  },
  'GET /api/v1/stores/:storeId/invites/:inviteId/link': {
    kind: 'object',
    variants: ({ a }) => [{ params: { inviteId: a.inviteId } }],
  },
  'POST /api/v1/stores/:storeId/invites/:inviteId/resend': {
    kind: 'object',
    variants: ({ a }) => [{ params: { inviteId: a.inviteId } }],
  },

  'GET /api/v1/stores/:storeId/brands/a': { kind: 'list' },
  'PATCH /api/v1/stores/:storeId/brands': { kind: 'own', req: () => body([]) },
  'GET /api/v1/stores/:storeId/cylinder-inventory': {
    kind: 'list',
    variants: () => [{}, { query: 'size=12&regulatorType=22' }],
  },
  'GET /api/v1/stores/:storeId/cylinder-sizes': { kind: 'list' },
  'POST /api/v1/stores/:storeId/cylinder-sizes': { kind: 'own', req: () => body({ size: 45 }) },
  'POST /api/v1/stores/:storeId/sales': {
    kind: 'object',
    variants: ({ a, b }) => [
      body({ lines: [{ itemType: 'cylinder', itemId: a.cylinderId, quantity: 1 }], payments: [{ method: 'cash', amount: 1200 }] }),
      body({ shopId: a.shopId, lines: [{ itemType: 'cylinder', itemId: b.cylinderId, quantity: 1 }] }),
      // From A's vehicle, or with A's cylinder handed in as the empty: not found.
      body({ vehicleId: a.vehicleId, shopId: b.shopId, lines: [{ itemType: 'cylinder', itemId: b.cylinderId, quantity: 1 }] }),
      body({ shopId: b.shopId, lines: [{ itemType: 'cylinder', itemId: b.cylinderId, quantity: 1, empties: [{ itemId: a.cylinderId, count: 1 }] }] }),
    ],
  },
  'GET /api/v1/stores/:storeId/sales': { kind: 'list', variants: ({ a }) => [{}, { query: `shopId=${a.shopId}` }] },
  'GET /api/v1/stores/:storeId/sales/:saleId': {
    kind: 'object',
    variants: ({ a }) => [{ params: { saleId: a.saleId } }],
  },
  'POST /api/v1/stores/:storeId/sales/:saleId/void': {
    kind: 'object',
    variants: ({ a }) => [{ params: { saleId: a.saleId }, body: {} }],
  },
  'POST /api/v1/stores/:storeId/sales/:saleId/returns': {
    kind: 'object',
    variants: ({ a }) => [{ params: { saleId: a.saleId }, body: { lines: [{ lineId: 1, quantity: 1 }] } }],
  },
  'GET /api/v1/stores/:storeId/reports/profit': { kind: 'list', variants: () => [{ query: 'from=2020-01-01&to=2099-12-31' }] },
  'GET /api/v1/stores/:storeId/reports/profit.csv': {
    kind: 'list',
    variants: () => [{ query: 'from=2020-01-01&to=2099-12-31' }],
  },
  'GET /api/v1/stores/:storeId/accounts': { kind: 'list' },
  'POST /api/v1/stores/:storeId/accounts': {
    kind: 'own',
    req: () => body({ kind: 'bank', name: 'Bravo Bank', number: '0099887766', openingBalance: 10 }),
  },
  'PATCH /api/v1/stores/:storeId/accounts/:accountId': {
    kind: 'object',
    variants: ({ a }) => [{ params: { accountId: a.accountId }, body: { name: 'Taken over' } }],
  },
  'POST /api/v1/stores/:storeId/accounts/:accountId/opening': {
    kind: 'object',
    variants: ({ a }) => [{ params: { accountId: a.accountId }, body: { amount: 5 } }],
  },
  'POST /api/v1/stores/:storeId/accounts/transfers': {
    kind: 'object',
    variants: ({ a, b }) => [
      body({ fromAccountId: a.accountId, toAccountId: b.drawerId, amount: 1 }),
      body({ fromAccountId: b.drawerId, toAccountId: a.accountId, amount: 1 }),
    ],
  },
  'GET /api/v1/stores/:storeId/reports/money': { kind: 'list', variants: () => [{ query: 'from=2020-01-01&to=2099-12-31' }] },
  'GET /api/v1/stores/:storeId/reports/money.csv': { kind: 'list', variants: () => [{ query: 'from=2020-01-01&to=2099-12-31' }] },
  'POST /api/v1/stores/:storeId/expenses': {
    kind: 'object',
    variants: ({ a }) => [body({ category: 'rent', amount: 1, accountId: a.accountId })],
  },
  'GET /api/v1/stores/:storeId/expenses': { kind: 'list', variants: () => [{}, { query: 'from=2020-01-01&to=2099-12-31' }] },
  'GET /api/v1/stores/:storeId/reports/expenses': { kind: 'list', variants: () => [{ query: 'month=2026-11' }] },
  'GET /api/v1/stores/:storeId/reports/expenses.csv': { kind: 'list', variants: () => [{ query: 'month=2026-11' }] },
  'GET /api/v1/stores/:storeId/official-prices': { kind: 'list' },
  'POST /api/v1/stores/:storeId/official-prices': {
    kind: 'own',
    req: () => body({ date: '2026-11-02', perKg: 120.83, twelveKg: 1450, prices: [{ size: 12, price: 1450 }] }),
  },
  'PUT /api/v1/stores/:storeId/official-price-policy': { kind: 'own', req: () => body({ policy: 'warn' }) },
  'GET /api/v1/stores/:storeId/reports/above-official': { kind: 'list', variants: () => [{ query: 'month=2026-11' }] },
  'GET /api/v1/stores/:storeId/reports/above-official.csv': { kind: 'list', variants: () => [{ query: 'month=2026-11' }] },
  'GET /api/v1/stores/:storeId/transfer-destinations': { kind: 'list' },
  // B sends A's regulator to A's second store, and touches A's transfer: not found.
  'POST /api/v1/stores/:storeId/transfers': {
    kind: 'object',
    variants: ({ a }) => [
      body({ toStoreId: a.secondStoreId, lines: [{ itemType: 'regulator', itemId: a.regulatorId, stockCount: 1 }] }),
      body({ toStoreId: a.storeId, lines: [{ itemType: 'regulator', itemId: a.regulatorId, stockCount: 1 }] }),
    ],
  },
  'GET /api/v1/stores/:storeId/transfers': { kind: 'list', variants: () => [{}, { query: 'status=sent' }, { query: 'direction=in' }] },
  'GET /api/v1/stores/:storeId/transfers/:transferId': { kind: 'object', variants: ({ a }) => [{ params: { transferId: a.transferId } }] },
  'POST /api/v1/stores/:storeId/transfers/:transferId/receive': {
    kind: 'object',
    variants: ({ a }) => [{ params: { transferId: a.transferId }, body: { lines: [] } }],
  },
  'POST /api/v1/stores/:storeId/transfers/:transferId/cancel': { kind: 'object', variants: ({ a }) => [{ params: { transferId: a.transferId } }] },
  'GET /api/v1/stores/:storeId/stock-locations': { kind: 'list' },
  // Money that arrives (rule 22): B pastes into A's account, lists, assigns A's payment (or its
  // own to A's shop) and puts A's aside: not found.
  'POST /api/v1/stores/:storeId/incoming-payments/sms': {
    kind: 'object',
    variants: ({ a }) => [
      body({ text: 'You have received Tk 5.00 from 01999000002. Fee Tk 0.00. Balance Tk 5.00. TrxID ISOLATE001 at 25/11/2026 14:05', accountId: a.accountId }),
    ],
  },
  'GET /api/v1/stores/:storeId/incoming-payments': { kind: 'list', variants: () => [{}, { query: 'status=unmatched' }] },
  'POST /api/v1/stores/:storeId/incoming-payments/:paymentId/assign': {
    kind: 'object',
    variants: ({ a, b }) => [
      { params: { paymentId: a.paymentId }, body: { shopId: b.shopId } },
      { params: { paymentId: b.paymentId }, body: { shopId: a.shopId } },
    ],
  },
  'POST /api/v1/stores/:storeId/incoming-payments/:paymentId/dismiss': {
    kind: 'object',
    variants: ({ a }) => [{ params: { paymentId: a.paymentId }, body: { reason: 'Taken over' } }],
  },
  'POST /api/v1/payments/sms-inbound': {
    kind: 'none',
    reason: "the SMS gateway, with its secret: the store is the one whose wallet forwarded the SMS (payments.test.ts)",
  },
  'GET /api/v1/stores/:storeId/drawer': { kind: 'list', variants: () => [{}, { query: 'day=2026-11-24' }] },
  'POST /api/v1/stores/:storeId/drawer/close': { kind: 'own', req: () => body({ counted: 0, expected: 0, note: 'Bravo count' }) },
  'GET /api/v1/stores/:storeId/drawer/sheet.csv': { kind: 'list' },
  'POST /api/v1/stores/:storeId/cylinders/buy': {
    kind: 'object',
    variants: ({ a, b }) => [
      body({ id: a.cylinderId, quantity: 1, unitCost: 1000 }),
      // B's own cylinder bought from A's supplier: the supplier is not found.
      body({ id: b.cylinderId, quantity: 1, unitCost: 1000, supplierId: a.supplierId, paid: 0 }),
    ],
  },
  'POST /api/v1/stores/:storeId/cylinders/sell': {
    kind: 'object',
    variants: ({ a, b }) => [
      body({ id: a.cylinderId, quantity: 1 }),
      // B's own cylinder sold on due to A's shop: the shop is not found.
      body({ id: b.cylinderId, quantity: 1, paymentMethod: 'due', shopId: a.shopId }),
    ],
  },
  'PATCH /api/v1/stores/:storeId/cylinders/mark-defected': {
    kind: 'object',
    variants: ({ a }) => [body({ id: a.cylinderId, count: 1 })],
  },
  'PATCH /api/v1/stores/:storeId/cylinder-inventory/:itemId': {
    kind: 'object',
    variants: ({ a }) => [{ params: { itemId: a.cylinderId }, body: { price: 1 } }],
  },
  'POST /api/v1/stores/:storeId/stock-counts': {
    kind: 'object',
    variants: ({ a }) => [
      body({ itemId: a.cylinderId, fullCount: 0 }),
      body({ itemId: a.stoveId, stockCount: 0 }),
    ],
  },

  'POST /api/v1/stores/:storeId/opening-stock': {
    kind: 'object',
    variants: ({ a }) => [body({ itemId: a.cylinderId, quantity: 1, unitCost: 1 }), body({ itemId: a.stoveId, quantity: 1, unitCost: 1 })],
  },
  'POST /api/v1/stores/:storeId/opening-stock/:itemId/reverse': {
    kind: 'object',
    variants: ({ a }) => [{ params: { itemId: a.cylinderId } }, { params: { itemId: a.stoveId } }],
  },

  'GET /api/v1/workspace/:workspaceId/divisions': { kind: 'list' },
  'POST /api/v1/workspace/:workspaceId/divisions': { kind: 'own', req: () => body({ name: 'Bravo Area' }) },
  'PATCH /api/v1/workspace/:workspaceId/divisions/:divisionId': {
    kind: 'object',
    variants: ({ a }) => [{ params: { divisionId: a.areaId }, body: { name: 'Taken over' } }],
  },
  'DELETE /api/v1/workspace/:workspaceId/divisions/:divisionId': {
    kind: 'object',
    variants: ({ a }) => [{ params: { divisionId: a.emptyAreaId } }],
  },
  'GET /api/v1/workspace/:workspaceId/divisions/:divisionId/stores': {
    kind: 'object',
    variants: ({ a }) => [{ params: { divisionId: a.areaId } }],
  },
  'POST /api/v1/workspace/:workspaceId/divisions/:divisionId/stores': {
    kind: 'object',
    variants: ({ a, b }) => [
      { params: { divisionId: a.areaId }, body: { name: 'Planted shop' } },
      // Into B's area but "moved" to A's: the target area is not found (400 naming divisionId).
      { params: { divisionId: b.areaId }, body: { name: 'Planted shop', divisionId: a.areaId } },
    ],
  },
  'PUT /api/v1/workspace/:workspaceId/divisions/:divisionId/stores/:shopId': {
    kind: 'object',
    variants: ({ a, b }) => [
      { params: { divisionId: a.areaId, shopId: a.shopId }, body: { name: 'Taken over' } },
      { params: { divisionId: b.areaId, shopId: a.shopId }, body: { name: 'Taken over' } },
      {
        params: { divisionId: b.areaId, shopId: b.shopId },
        body: { name: 'Bravo shop', divisionId: a.areaId },
      },
    ],
  },
  'DELETE /api/v1/workspace/:workspaceId/divisions/:divisionId/stores/:shopId': {
    kind: 'object',
    variants: ({ a, b }) => [
      { params: { divisionId: a.areaId, shopId: a.shopId } },
      { params: { divisionId: b.areaId, shopId: a.shopId } },
    ],
  },
  'POST /api/v1/workspace/:workspaceId/divisions/:divisionId/stores/:shopId/payments': {
    kind: 'object',
    variants: ({ a, b }) => [
      { params: { divisionId: a.areaId, shopId: a.shopId }, body: { amount: 10 } },
      { params: { divisionId: b.areaId, shopId: a.shopId }, body: { amount: 10, advance: true } },
    ],
  },
  'GET /api/v1/workspace/:workspaceId/divisions/:divisionId/stores/:shopId/history': {
    kind: 'object',
    variants: ({ a, b }) => [
      { params: { divisionId: a.areaId, shopId: a.shopId } },
      { params: { divisionId: b.areaId, shopId: a.shopId } },
    ],
  },
  'GET /api/v1/stores/:storeId/shops': { kind: 'list', variants: () => [{}, { query: 'search=Karim' }] },
  'POST /api/v1/stores/:storeId/shops/:shopId/payments': {
    kind: 'object',
    variants: ({ a }) => [{ params: { shopId: a.shopId }, body: { amount: 10, advance: true } }],
  },
  'GET /api/v1/stores/:storeId/shops/:shopId/history': {
    kind: 'object',
    variants: ({ a }) => [{ params: { shopId: a.shopId } }],
  },
  'POST /api/v1/stores/:storeId/shops/:shopId/opening': {
    kind: 'object',
    variants: ({ a }) => [{ params: { shopId: a.shopId }, body: { due: 10 } }],
  },
  'POST /api/v1/stores/:storeId/shops/:shopId/opening/reverse': {
    kind: 'object',
    variants: ({ a }) => [{ params: { shopId: a.shopId } }],
  },
  'POST /api/v1/stores/:storeId/shops/import': {
    kind: 'own',
    req: () => body({ csv: 'name,opening due\r\nBravo Import Traders,10\r\n', confirm: false }),
  },
  'GET /api/v1/stores/:storeId/shops.csv': { kind: 'list' },
  'GET /api/v1/stores/:storeId/shops/template.csv': { kind: 'list' },

  'GET /api/v1/stores/:storeId/suppliers': { kind: 'list' },
  'POST /api/v1/stores/:storeId/suppliers': { kind: 'own', req: () => body({ name: 'Bravo Supplier', openingPayable: 10 }) },
  'PATCH /api/v1/stores/:storeId/suppliers/:supplierId': {
    kind: 'object',
    variants: ({ a }) => [{ params: { supplierId: a.supplierId }, body: { name: 'Bravo took it' } }],
  },
  'DELETE /api/v1/stores/:storeId/suppliers/:supplierId': {
    kind: 'object',
    variants: ({ a }) => [{ params: { supplierId: a.supplierId } }],
  },
  'POST /api/v1/stores/:storeId/suppliers/:supplierId/payments': {
    kind: 'object',
    variants: ({ a }) => [{ params: { supplierId: a.supplierId }, body: { amount: 1 } }],
  },
  'GET /api/v1/stores/:storeId/suppliers/:supplierId/statement': {
    kind: 'object',
    variants: ({ a }) => [{ params: { supplierId: a.supplierId } }],
  },
  'GET /api/v1/stores/:storeId/vehicles': { kind: 'list' },
  'POST /api/v1/stores/:storeId/vehicles': {
    kind: 'own',
    req: () => body({ regNumber: 'Bravo GA 99-0001', vehicleBrand: 'Isuzu', vehicleModel: 'NKR' }),
  },
  'PATCH /api/v1/stores/:storeId/vehicles/:vehicleId': {
    kind: 'object',
    variants: ({ a }) => [
      {
        params: { vehicleId: a.vehicleId },
        body: { regNumber: 'X 1', vehicleBrand: 'X', vehicleModel: 'X' },
      },
    ],
  },
  'DELETE /api/v1/stores/:storeId/vehicles/:vehicleId': {
    kind: 'object',
    variants: ({ a }) => [{ params: { vehicleId: a.vehicleId } }],
  },
  'POST /api/v1/stores/:storeId/vehicles/:vehicleId/fuel': {
    kind: 'object',
    variants: ({ a }) => [{ params: { vehicleId: a.vehicleId }, body: { amount: 10 } }],
  },
  'POST /api/v1/stores/:storeId/vehicles/:vehicleId/repair': {
    kind: 'object',
    variants: ({ a }) => [{ params: { vehicleId: a.vehicleId }, body: { amount: 10 } }],
  },
  'GET /api/v1/stores/:storeId/vehicles/:vehicleId/txs': {
    kind: 'object',
    variants: ({ a }) => [{ params: { vehicleId: a.vehicleId } }],
  },

  // Empties and vehicles as stock locations (B's staff member drives B's van, so the role passes
  // and only A's objects can be the reason for a refusal).
  'POST /api/v1/stores/:storeId/shops/:shopId/empties': {
    kind: 'object',
    variants: ({ a, b }) => [
      { params: { shopId: a.shopId }, body: { lines: [{ itemId: b.cylinderId, count: 1 }], buyExtra: true } },
      { params: { shopId: b.shopId }, body: { lines: [{ itemId: a.cylinderId, count: 1 }], buyExtra: true } },
      { params: { shopId: b.shopId }, body: { vehicleId: a.vehicleId, lines: [{ itemId: b.cylinderId, count: 1 }], buyExtra: true } },
    ],
  },
  'GET /api/v1/stores/:storeId/empties-owed': { kind: 'list' },
  'POST /api/v1/stores/:storeId/vehicles/:vehicleId/loads': {
    kind: 'object',
    variants: ({ a, b }) => [
      { params: { vehicleId: a.vehicleId }, body: { lines: [{ itemType: 'cylinder', itemId: b.cylinderId, quantity: 1 }] } },
      { params: { vehicleId: b.vehicleId }, body: { lines: [{ itemType: 'cylinder', itemId: a.cylinderId, quantity: 1 }] } },
    ],
  },
  'GET /api/v1/stores/:storeId/vehicles/:vehicleId/day': {
    kind: 'object',
    variants: ({ a }) => [{ params: { vehicleId: a.vehicleId } }],
  },
  'POST /api/v1/stores/:storeId/vehicles/:vehicleId/close': {
    kind: 'object',
    variants: ({ a }) => [{ params: { vehicleId: a.vehicleId }, body: { cashHandedOver: 0 } }],
  },
  'GET /api/v1/stores/:storeId/vehicles/:vehicleId/closes': {
    kind: 'object',
    variants: ({ a }) => [{ params: { vehicleId: a.vehicleId } }],
  },
  'GET /api/v1/stores/:storeId/vehicles/:vehicleId/closes/:closeId': {
    kind: 'object',
    variants: ({ a, b }) => [
      { params: { vehicleId: a.vehicleId, closeId: a.closeId } },
      { params: { vehicleId: b.vehicleId, closeId: a.closeId } },
    ],
  },
  'GET /api/v1/stores/:storeId/vehicles/:vehicleId/closes/:closeId/report.csv': {
    kind: 'object',
    variants: ({ a, b }) => [
      { params: { vehicleId: a.vehicleId, closeId: a.closeId } },
      { params: { vehicleId: b.vehicleId, closeId: a.closeId } },
    ],
  },

  'GET /api/v1/stores/:storeId/transactions': {
    kind: 'list',
    // Filtering B's ledger by A's ids finds nothing (and says nothing about A).
    variants: ({ a }) => [
      {},
      { query: `shopId=${a.shopId}` },
      { query: `itemId=${a.cylinderId}` },
      { query: `vehicleId=${a.vehicleId}` },
      { query: `staffId=${a.staffId}` },
      { query: `userId=${a.owner.id}` },
    ],
  },
  'GET /api/v1/stores/:storeId/transactions.csv': {
    kind: 'list',
    variants: ({ a }) => [{}, { query: `shopId=${a.shopId}` }],
  },
  'GET /api/v1/stores/:storeId/summary': { kind: 'list', variants: () => [{}, { query: 'period=month' }] },
  'GET /api/v1/stores/:storeId/messages/settings': { kind: 'list' },
  'PUT /api/v1/stores/:storeId/messages/settings': { kind: 'own', req: () => body(MESSAGE_SETTINGS) },
  'GET /api/v1/stores/:storeId/messages': {
    kind: 'list',
    variants: ({ a }) => [{}, { query: `shopId=${a.shopId}` }, { query: `saleId=${a.saleId}` }],
  },
  'POST /api/v1/stores/:storeId/messages/:messageId/resend': {
    kind: 'object',
    variants: ({ a }) => [{ params: { messageId: a.messageId }, body: {} }],
  },
  'POST /api/v1/stores/:storeId/messages/reminder-runs': { kind: 'own', req: () => body({ minDue: 0 }) },
  'POST /api/v1/stores/:storeId/shops/:shopId/reminders': {
    kind: 'object',
    variants: ({ a }) => [{ params: { shopId: a.shopId }, body: {} }],
  },
  'GET /api/v1/stores/:storeId/messages/text': {
    kind: 'object',
    variants: ({ a }) => [{ query: `kind=sale_receipt&saleId=${a.saleId}` }, { query: `kind=due_reminder&shopId=${a.shopId}` }],
  },
  'GET /api/v1/stores/:storeId/shops/:shopId/statement-links': {
    kind: 'object',
    variants: ({ a }) => [{ params: { shopId: a.shopId } }],
  },
  'POST /api/v1/stores/:storeId/shops/:shopId/statement-links': {
    kind: 'object',
    variants: ({ a }) => [{ params: { shopId: a.shopId }, body: { expiresInDays: 7, send: true } }],
  },
  'POST /api/v1/stores/:storeId/statement-links/:linkId/revoke': {
    kind: 'object',
    variants: ({ a }) => [{ params: { linkId: a.statementLinkId }, body: {} }],
  },
  'GET /api/v1/stores/:storeId/payment-details': { kind: 'list' },
  'PUT /api/v1/stores/:storeId/payment-details': { kind: 'own', req: () => body({ banglaQr: DEMO_BANGLA_QR }) },
  'GET /api/v1/stores/:storeId/shops/:shopId/payment-request': {
    kind: 'object',
    variants: ({ a }) => [{ params: { shopId: a.shopId } }],
  },
  'GET /api/v1/public/statements/:token': {
    kind: 'none',
    reason: 'opened by its token alone; messages.test.ts shows it holds one shop of one store and nothing else',
  },
  'POST /api/v1/messages/delivery-reports': { kind: 'none', reason: "the SMS gateway's callback with its secret; no store" },
  'GET /api/v1/stores/:storeId/reorder': { kind: 'list' },
  'GET /api/v1/stores/:storeId/reorder.csv': { kind: 'list' },
  'PUT /api/v1/stores/:storeId/reorder-levels': {
    kind: 'object',
    variants: ({ a }) => [
      body({ itemType: 'cylinder', itemId: a.cylinderId, level: 5 }),
      body({ itemType: 'stove', itemId: a.stoveId, level: 5 }),
    ],
  },
  'POST /api/v1/remote-releases/loads': { kind: 'none', reason: 'which app release the caller loaded; no store' },
  'POST /api/v1/remote-releases/errors': { kind: 'none', reason: 'an error the caller’s page met; no store' },
  'GET /api/v1/remote-releases': { kind: 'none', reason: 'release statistics for operators; no store data' },
  // Honest message states (issue 29).
  'GET /api/v1/stores/:storeId/messages/receipt-plan': { kind: 'list' },
  'GET /api/v1/stores/:storeId/messages/templates': { kind: 'list' },
  'PUT /api/v1/stores/:storeId/messages/templates': {
    kind: 'own',
    req: () => body({ paymentNumber: null, templates: { due_reminder: { en: '{{store}}: you owe {{due}}' } } }),
  },
  // bKash's merchant API (issue 31): B's settings hold none of A's; A's account is not B's to pay into.
  'GET /api/v1/stores/:storeId/payment-gateways/bkash': { kind: 'list' },
  'PUT /api/v1/stores/:storeId/payment-gateways/bkash': {
    kind: 'object',
    variants: ({ a }) => [
      body({
        accountId: a.accountId,
        baseUrl: 'https://tokenized.sandbox.bka.sh/v1.2.0-beta',
        appKey: 'k',
        appSecret: 's',
        username: 'u',
        password: 'p',
      }),
    ],
  },
  'DELETE /api/v1/stores/:storeId/payment-gateways/bkash': { kind: 'own' },
  'POST /api/v1/public/statements/:token/bkash': {
    kind: 'none',
    reason: 'opened by the statement token alone, like the statement; bkash.test.ts pays one shop of one store',
  },
  'GET /api/v1/payments/bkash/callback/:token': {
    kind: 'none',
    reason: 'bKash sends the payer back with a sealed token naming one store and statement; bkash.test.ts',
  },
  'POST /api/v1/payments/bkash/notify/:token': {
    kind: 'none',
    reason: "bKash's signed notification to one store's random address; bkash.test.ts",
  },
};
// Stoves and regulators share their routes' shape.
for (const [kind, plural, id] of [
  ['stove', 'stoves', 'stoveId'],
  ['regulator', 'regulators', 'regulatorId'],
] as const) {
  CASES[`GET /api/v1/stores/:storeId/${kind}-inventory`] = { kind: 'list' };
  CASES[`POST /api/v1/stores/:storeId/${kind}-inventory`] = {
    kind: 'own',
    req: () => body({ name: `Bravo ${kind}` }),
  };
  CASES[`PATCH /api/v1/stores/:storeId/${kind}-inventory/:itemId`] = {
    kind: 'object',
    variants: ({ a }) => [{ params: { itemId: a[id] }, body: { price: 1 } }],
  };
  for (const side of ['buy', 'sell']) {
    CASES[`POST /api/v1/stores/:storeId/${plural}/${side}`] = {
      kind: 'object',
      variants: ({ a }) => [body({ id: a[id], quantity: 1, ...(side === 'buy' && { unitCost: 100 }) })],
    };
  }
  CASES[`PATCH /api/v1/stores/:storeId/${plural}/mark-defected`] = {
    kind: 'object',
    variants: ({ a }) => [body({ id: a[id], count: 1 })],
  };
}

const key = (r: RouteRule) => `${r.method} ${r.url}`;
const rules = ctx.app.routeRules.filter((r) => r.url.startsWith('/api/v1'));
const ROLES: Role[] = ['staff', 'manager', 'admin', 'owner'];
let o: Objects;
let before: Record<string, string>;
let bReq: (
  who: SignedIn,
  rule: RouteRule,
  storeId: string,
  req: Req,
) => Promise<Awaited<ReturnType<typeof ctx.app.inject>>>;

beforeAll(async () => {
  const a = await populatedStore(ctx, 'Isoalpha');
  const b = await populatedStore(ctx, 'Isobravo');
  o = { a, b };
  before = await storeChecksum(ctx, a.storeId);
  bReq = (who, rule, storeId, req) => {
    const path = rule.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
      name === rule.storeParam
        ? storeId
        : encodeURIComponent(req.params?.[name] ?? '00000000-0000-4000-8000-000000000000'),
    );
    return ctx.app.inject({
      method: rule.method as 'GET',
      url: req.query ? `${path}?${req.query}` : path,
      headers: who.auth,
      ...(req.body !== undefined && { payload: req.body as object }),
    });
  };
}, 120_000);
afterAll(() => ctx.close());

const memberOfB = (role: Role) => (role === 'owner' ? o.b.owner : o.b.team[role]);
const allowed = (rule: RouteRule, role: Role) =>
  rule.access === 'user' || rule.access === 'public' || ROLE_RANK[role] >= ROLE_RANK[rule.access as Role];
const noneOfA = (text: string, label: string) => {
  for (const marker of o.a.markers)
    expect(text.includes(marker), `${label} reveals ${marker} of store A: ${text.slice(0, 300)}`).toBe(false);
};
const variantsOf = (c: Case): Req[] => {
  if (c.kind === 'object') return c.variants(o);
  if (c.kind === 'list') return c.variants?.(o) ?? [{}];
  if (c.kind === 'own') return [c.req?.(o) ?? {}];
  return [];
};

describe('store isolation over every route', () => {
  it('every route has an isolation case', () => {
    const missing = rules.map(key).filter((k) => !(k in CASES));
    expect(
      missing,
      `routes without an isolation case in security/isolation.test.ts: ${missing.join(', ')}`,
    ).toEqual([]);
    const stale = Object.keys(CASES).filter((k) => !rules.some((r) => key(r) === k));
    expect(stale, 'cases for routes that no longer exist').toEqual([]);
  });

  const storeScoped = rules.filter((r) => r.access !== 'public' && r.access !== 'user');
  it.each(storeScoped.map((r) => [key(r), r] as const))('%s', async (name, rule) => {
    const c = CASES[name];
    if (!c) throw new Error(`no isolation case for ${name}`);
    for (const req of variantsOf(c).length ? variantsOf(c) : [{}]) {
      // With A's store in the path, B's members are not members: the store is not found.
      for (const role of ROLES) {
        const res = await bReq(memberOfB(role), rule, o.a.storeId, req);
        expect(res.statusCode, `${role} of B on A's store → ${res.body}`).toBe(404);
        expect(res.json().message).toBe('Store not found');
      }
      if (c.kind === 'own' && c.only === 'foreign-store') continue;
      // With B's store in the path and A's objects elsewhere: not found, never changed.
      for (const role of ROLES) {
        const res = await bReq(memberOfB(role), rule, o.b.storeId, req);
        const label = `${role} of B, ${JSON.stringify(req)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (!allowed(rule, role)) {
          expect(res.statusCode, label).toBe(403);
          continue;
        }
        if (c.kind === 'object') {
          // A body naming another area of the store to move a shop to is a field error (400).
          expect(
            res.statusCode === 404 ||
              (res.statusCode === 400 && res.json().errors?.[0]?.field === 'divisionId'),
            label,
          ).toBe(true);
          expect(res.json().message, label).not.toBe('Store not found');
        } else if (c.kind === 'list') {
          expect(res.statusCode, label).toBe(200);
        }
        noneOfA(res.body, label);
      }
    }
    expect(await storeChecksum(ctx, o.a.storeId), 'store A changed').toEqual(before);
  });

  const userLevel = rules.filter((r) => r.access === 'user' && CASES[key(r)]?.kind !== 'none');
  it.each(userLevel.map((r) => [key(r), r] as const))('%s as any member of B', async (name, rule) => {
    const c = CASES[name];
    for (const req of variantsOf(c)) {
      for (const role of ROLES) {
        const res = await bReq(memberOfB(role), rule, '', req);
        const label = `${role} of B, ${JSON.stringify(req)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (c.kind === 'object') expect(res.statusCode, label).toBe(404);
        if (c.kind === 'list') expect(res.statusCode, label).toBe(200);
        noneOfA(res.body, label);
      }
    }
    expect(await storeChecksum(ctx, o.a.storeId), 'store A changed').toEqual(before);
  });

  it('store A is unchanged after everything B tried, and still works for its own members', async () => {
    expect(await storeChecksum(ctx, o.a.storeId)).toEqual(before);
    const res = await ctx.app.inject({
      url: `/api/v1/stores/${o.a.storeId}/shops`,
      headers: o.a.team.staff.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().shops.map((s: { id: string }) => s.id)).toEqual([o.a.shopId]);
  });
});
