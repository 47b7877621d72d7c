import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteRule } from '../../plugins/access';
import { startFakeBkash } from '../../payments/bkash/fake-server';
import { defaultBkashOptions } from '../../payments/bkash/options';
import { createTestApp } from '../../tooling/test/helpers';
import { databaseChecksum, populatedStore, type StoreObjects } from '../../tooling/test/populated-store';
import { DEMO_BANGLA_QR } from '../../payments/demo-seed';

/**
 * Bad input, generated: for every route, a valid request is bent by fast-check (a field set to
 * a wrong type, a huge, negative or fractional number, a long, Bangla, SQL, HTML or NUL-bearing
 * string; a field removed; an extra field; the whole body replaced; params and query likewise).
 * Whatever comes in, the answer is never a 5xx; a 4xx is `{status, message, errors}` with the
 * field named; and a rejected request leaves every table exactly as it was.
 */
// bKash on a loopback port: the store's merchant API settings are checked against it.
const bkash = await startFakeBkash();
// No job queue: a delivery job finishing between two requests would look like a change.
const ctx = await createTestApp({
  jobs: false,
  bkash: { ...defaultBkashOptions(), baseUrls: [bkash.baseUrl], snsCertUrl: bkash.certUrlPattern, timeoutMs: 5_000 },
});
ctx.pool.on('error', () => {});
const NUM_RUNS = Number(process.env.BAD_INPUT_RUNS ?? 20);

interface Req {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Only the path parameters may be bent (the request would otherwise end or hand over something). */
  paramsOnly?: boolean;
}
type Valid = (s: StoreObjects) => Req;
const NOBODY = '00000000-0000-4000-8000-000000000000';

/** A request each route accepts (or refuses only for a business reason), to bend. */
const VALID: Record<string, Valid> = {
  'GET /api/v1/health': () => ({}),
  'GET /api/v1/openapi.json': () => ({}),
  'GET /api/v1/health/ready': () => ({}),
  'GET /api/v1/health/live': () => ({}),
  'POST /api/v1/auth/register': () => ({
    body: { username: 'fuzzer', email: 'fuzzer@example.com', password: 'long enough password' },
  }),
  'POST /api/v1/auth/login': () => ({
    body: { loginIdentifier: 'nobody@example.com', password: 'wrong password' },
  }),
  'POST /api/v1/auth/refresh': () => ({}),
  'POST /api/v1/auth/logout': () => ({}),
  'POST /api/v1/auth/verify-email': () => ({ body: { token: 'not-a-real-token' } }),
  'POST /api/v1/auth/password/forgot': () => ({ body: { email: 'nobody@example.com' } }),
  'POST /api/v1/auth/password/reset': () => ({ body: { token: 'not-a-real-token', newPassword: 'long enough password' } }),
  'GET /api/v1/user/me': () => ({}),
  'PATCH /api/v1/user/me': () => ({ body: { firstName: 'Karim' } }),
  'POST /api/v1/user/me/password': () => ({
    body: { currentPassword: 'not the password', newPassword: 'another long one' },
  }),
  'POST /api/v1/user/me/sessions/revoke-others': () => ({}),
  'POST /api/v1/user/me/email/verify': () => ({}),
  'GET /api/v1/stores': () => ({}),
  'GET /api/v1/overview': () => ({}),
  'POST /api/v1/stores': (s) => ({
    body: { name: 'Fuzz Gas', location: 'Dhaka', phone: '01711000000', copyFrom: { storeId: s.storeId, shops: true } },
  }),
  'GET /api/v1/stores/:storeId': () => ({}),
  'PATCH /api/v1/stores/:storeId': () => ({ body: { location: 'Mirpur 10' } }),
  'DELETE /api/v1/stores/:storeId': () => ({ paramsOnly: true }),
  'GET /api/v1/stores/:storeId/selling-limit': () => ({}),
  'PUT /api/v1/stores/:storeId/selling-limit': () => ({ body: { staffBelowTierPercent: 3 } }),
  'GET /api/v1/stores/:storeId/staff': () => ({}),
  'POST /api/v1/stores/:storeId/staff': () => ({
    body: { name: 'Helper', role: 'Driver', phone: '017', salary: 9000 },
  }),
  'PATCH /api/v1/stores/:storeId/staff/:staffId': (s) => ({
    params: { staffId: s.staffId },
    body: { salary: 12500 },
  }),
  'DELETE /api/v1/stores/:storeId/staff/:staffId': (s) => ({
    params: { staffId: s.staffId },
    paramsOnly: true,
  }),
  'POST /api/v1/stores/:storeId/staff/:staffId/payments': (s) => ({
    params: { staffId: s.staffId },
    body: { amount: 100, paymentMethod: 'cash', month: '2026-01', ref: 'r' },
  }),
  'GET /api/v1/stores/:storeId/staff/:staffId/payments': (s) => ({ params: { staffId: s.staffId } }),
  'GET /api/v1/stores/:storeId/members': () => ({}),
  'PATCH /api/v1/stores/:storeId/members/:userId': (s) => ({
    params: { userId: s.team.staff.id },
    body: { role: 'staff' },
  }),
  'DELETE /api/v1/stores/:storeId/members/:userId': () => ({ params: { userId: NOBODY }, paramsOnly: true }),
  'POST /api/v1/stores/:storeId/transfer-ownership': () => ({ body: { userId: NOBODY } }),
  'POST /api/v1/stores/:storeId/invites': () => ({
    body: { email: 'helper@example.com', role: 'staff', lifespan: '1d' },
  }),
  'DELETE /api/v1/stores/:storeId/invites/:inviteId': () => ({
    params: { inviteId: NOBODY },
    paramsOnly: true,
  }),
  'GET /api/v1/stores/:storeId/invites/:inviteId/link': () => ({ params: { inviteId: NOBODY } }),
  'POST /api/v1/stores/:storeId/invites/:inviteId/resend': () => ({ params: { inviteId: NOBODY } }),
  'GET /api/v1/user/invites': () => ({}),
  'GET /api/v1/user/invites/by-token': () => ({ query: { token: 'abc' } }),
  'PATCH /api/v1/user/invites/:id/accept': () => ({ params: { id: NOBODY } }),
  'PATCH /api/v1/user/invites/:id/decline': () => ({ params: { id: NOBODY } }),
  'GET /api/v1/stores/:storeId/brands/a': () => ({}),
  'PATCH /api/v1/stores/:storeId/brands': () => ({ body: [] }),
  'GET /api/v1/stores/:storeId/cylinder-inventory': () => ({ query: { size: '12', regulatorType: '22' } }),
  'GET /api/v1/stores/:storeId/cylinder-sizes': () => ({}),
  'POST /api/v1/stores/:storeId/cylinder-sizes': () => ({ body: { size: 35 } }),
  'POST /api/v1/stores/:storeId/sales': (s) => ({
    body: {
      shopId: s.shopId,
      lines: [
        { itemType: 'cylinder', itemId: s.cylinderId, tradeType: 'package', quantity: 1, unitPrice: 1100 },
        { itemType: 'regulator', itemId: s.regulatorId, quantity: 1 },
      ],
      discount: 10,
      payments: [
        { method: 'cash', amount: 500 },
        { method: 'mobile', amount: 200, ref: 'bKash 01711' },
      ],
      note: 'Fuzz',
    },
  }),
  'GET /api/v1/stores/:storeId/sales': (s) => ({ query: { from: '2026-01-01', to: '2026-12-31', shopId: s.shopId, limit: '10' } }),
  'GET /api/v1/stores/:storeId/sales/:saleId': (s) => ({ params: { saleId: s.saleId } }),
  'POST /api/v1/stores/:storeId/sales/:saleId/void': (s) => ({ params: { saleId: s.saleId }, body: { note: 'Wrong shop' } }),
  'POST /api/v1/stores/:storeId/sales/:saleId/returns': (s) => ({
    params: { saleId: s.saleId },
    body: { lines: [{ lineId: 1, quantity: 1 }], refundMethod: 'cash', note: 'Leaking' },
  }),
  'GET /api/v1/stores/:storeId/reports/profit': () => ({ query: { from: '2026-01-01', to: '2026-12-31' } }),
  'GET /api/v1/stores/:storeId/reports/profit.csv': () => ({ query: { from: '2026-01-01', to: '2026-12-31' } }),
  'GET /api/v1/stores/:storeId/accounts': () => ({}),
  'POST /api/v1/stores/:storeId/accounts': () => ({
    body: { kind: 'wallet', provider: 'bkash', walletType: 'personal', number: '01711000001', openingBalance: 500 },
  }),
  'PATCH /api/v1/stores/:storeId/accounts/:accountId': (s) => ({ params: { accountId: s.accountId }, body: { name: 'Sonali Bank' } }),
  'POST /api/v1/stores/:storeId/accounts/:accountId/opening': (s) => ({ params: { accountId: s.accountId }, body: { amount: 100 } }),
  'POST /api/v1/stores/:storeId/accounts/transfers': (s) => ({
    body: { fromAccountId: s.accountId, toAccountId: s.drawerId, amount: 1, fee: 0.5, note: 'Cash withdrawn' },
  }),
  'GET /api/v1/stores/:storeId/reports/money': () => ({ query: { from: '2026-01-01', to: '2026-12-31' } }),
  'GET /api/v1/stores/:storeId/reports/money.csv': () => ({ query: { from: '2026-01-01', to: '2026-12-31', lang: 'bn' } }),
  'POST /api/v1/stores/:storeId/expenses': () => ({ body: { category: 'rent', amount: 8000, note: 'Shop rent' } }),
  'GET /api/v1/stores/:storeId/expenses': () => ({ query: { from: '2026-01-01', to: '2026-12-31', category: 'rent', limit: '10' } }),
  'GET /api/v1/stores/:storeId/reports/expenses': () => ({ query: { month: '2026-11' } }),
  'GET /api/v1/stores/:storeId/reports/expenses.csv': () => ({ query: { month: '2026-11' } }),
  'GET /api/v1/stores/:storeId/official-prices': () => ({}),
  'POST /api/v1/stores/:storeId/official-prices': () => ({
    body: { date: '2026-11-02', time: '18:00', perKg: 120.83, twelveKg: 1450, prices: [{ size: 12, price: 1450 }] },
  }),
  'PUT /api/v1/stores/:storeId/official-price-policy': () => ({ body: { policy: 'refuse' } }),
  'GET /api/v1/stores/:storeId/reports/above-official': () => ({ query: { month: '2026-11' } }),
  'GET /api/v1/stores/:storeId/reports/above-official.csv': () => ({ query: { month: '2026-11' } }),
  'GET /api/v1/stores/:storeId/transfer-destinations': () => ({}),
  'POST /api/v1/stores/:storeId/transfers': (s) => ({
    body: { toStoreId: s.secondStoreId, lines: [{ itemType: 'regulator', itemId: s.regulatorId, stockCount: 1 }], note: 'Fuzz' },
  }),
  'GET /api/v1/stores/:storeId/transfers': () => ({ query: { status: 'sent', direction: 'out' } }),
  'GET /api/v1/stores/:storeId/transfers/:transferId': (s) => ({ params: { transferId: s.transferId } }),
  // Asked of the sending store, a receipt is refused (404): the body is still bent and checked.
  'POST /api/v1/stores/:storeId/transfers/:transferId/receive': (s) => ({
    params: { transferId: s.transferId },
    body: { lines: [{ lineNo: 0, stockCount: 1 }], note: 'Fuzz' },
  }),
  'POST /api/v1/stores/:storeId/transfers/:transferId/cancel': (s) => ({ params: { transferId: s.transferId } }),
  'GET /api/v1/stores/:storeId/stock-locations': () => ({}),
  'GET /api/v1/stores/:storeId/drawer': () => ({ query: { day: '2026-11-24' } }),
  'POST /api/v1/stores/:storeId/drawer/close': () => ({ body: { counted: 0, expected: 0, note: 'Fuzz' } }),
  'GET /api/v1/stores/:storeId/drawer/sheet.csv': () => ({ query: { day: '2026-11-24', lang: 'bn' } }),
  'POST /api/v1/stores/:storeId/cylinders/buy': (s) => ({
    query: { size: '12', regulatorType: '22' },
    body: {
      id: s.cylinderId,
      quantity: 1,
      price: 1200,
      unitCost: 1000,
      supplier: 'Bashundhara LP Gas',
      challanNumber: 'CH-1',
      paymentMethod: 'cash',
      tradeType: 'refill',
      supplierId: s.supplierId,
      paid: 400,
    },
  }),
  'POST /api/v1/stores/:storeId/cylinders/sell': (s) => ({
    query: { size: '12', regulatorType: '22' },
    body: { id: s.cylinderId, quantity: 1, paymentMethod: 'due', shopId: s.shopId, tradeType: 'package' },
  }),
  'PATCH /api/v1/stores/:storeId/cylinders/mark-defected': (s) => ({
    query: { isDefected: 'true', size: '12' },
    body: { id: s.cylinderId, cylinderCount: 1 },
  }),
  'PATCH /api/v1/stores/:storeId/cylinder-inventory/:itemId': (s) => ({
    params: { itemId: s.cylinderId },
    body: { price: 1200 },
  }),
  'POST /api/v1/stores/:storeId/stock-counts': (s) => ({
    body: { itemId: s.cylinderId, fullCount: 40, note: 'count' },
  }),
  'GET /api/v1/workspace/:workspaceId/divisions': () => ({}),
  'POST /api/v1/workspace/:workspaceId/divisions': () => ({ body: { name: 'Mirpur' } }),
  'PATCH /api/v1/workspace/:workspaceId/divisions/:divisionId': (s) => ({
    params: { divisionId: s.emptyAreaId },
    body: { name: 'Uttara' },
  }),
  'DELETE /api/v1/workspace/:workspaceId/divisions/:divisionId': (s) => ({
    params: { divisionId: s.areaId },
    paramsOnly: true,
  }),
  'GET /api/v1/workspace/:workspaceId/divisions/:divisionId/stores': (s) => ({
    params: { divisionId: s.areaId },
    query: { search: 'Karim', sort: 'due' },
  }),
  'POST /api/v1/workspace/:workspaceId/divisions/:divisionId/stores': (s) => ({
    params: { divisionId: s.areaId },
    body: {
      name: 'Nur Store',
      contactName: 'Nur',
      phone: '01711000002',
      address: 'Road 2',
      divisionId: s.emptyAreaId,
    },
  }),
  'PUT /api/v1/workspace/:workspaceId/divisions/:divisionId/stores/:shopId': (s) => ({
    params: { divisionId: s.areaId, shopId: s.shopId },
    body: { name: 'Karim Store', contactName: null, phone: '', address: 'Road 1' },
  }),
  'DELETE /api/v1/workspace/:workspaceId/divisions/:divisionId/stores/:shopId': (s) => ({
    params: { divisionId: s.areaId, shopId: NOBODY },
    paramsOnly: true,
  }),
  'POST /api/v1/workspace/:workspaceId/divisions/:divisionId/stores/:shopId/payments': (s) => ({
    params: { divisionId: s.areaId, shopId: s.shopId },
    body: { amount: 1, paymentMethod: 'mobile', ref: 'bkash', advance: true },
  }),
  'GET /api/v1/workspace/:workspaceId/divisions/:divisionId/stores/:shopId/history': (s) => ({
    params: { divisionId: s.areaId, shopId: s.shopId },
  }),
  'GET /api/v1/stores/:storeId/shops': () => ({ query: { search: 'kar' } }),
  'POST /api/v1/stores/:storeId/shops/:shopId/payments': (s) => ({
    params: { shopId: s.shopId },
    body: { amount: 1, advance: true },
  }),
  'GET /api/v1/stores/:storeId/shops/:shopId/history': (s) => ({ params: { shopId: s.shopId } }),
  // Opening balances and the shop file (DEALER.md rule 20).
  'POST /api/v1/stores/:storeId/shops/:shopId/opening': (s) => ({
    params: { shopId: s.shopId },
    body: { due: 500, empties: [{ itemId: s.cylinderId, count: 1 }] },
  }),
  'POST /api/v1/stores/:storeId/shops/:shopId/opening/reverse': (s) => ({ params: { shopId: s.shopId }, paramsOnly: true }),
  'POST /api/v1/stores/:storeId/shops/import': () => ({
    body: { csv: 'name,contact,phone,address,delivery area,opening due\nNur Store,Nur,01711000009,Road 9,,100\n', confirm: false },
  }),
  'GET /api/v1/stores/:storeId/shops.csv': () => ({ query: { lang: 'bn' } }),
  'GET /api/v1/stores/:storeId/shops/template.csv': () => ({ query: { lang: 'bn' } }),
  'POST /api/v1/stores/:storeId/opening-stock': (s) => ({
    body: { itemId: s.cylinderId, quantity: 5, unitCost: 1300 },
  }),
  'POST /api/v1/stores/:storeId/opening-stock/:itemId/reverse': (s) => ({ params: { itemId: s.cylinderId }, paramsOnly: true }),
  'GET /api/v1/stores/:storeId/suppliers': () => ({}),
  'POST /api/v1/stores/:storeId/suppliers': () => ({ body: { name: 'Fuzz Supplier', phone: '017', address: 'Tejgaon', openingPayable: 100 } }),
  'PATCH /api/v1/stores/:storeId/suppliers/:supplierId': (s) => ({ params: { supplierId: s.supplierId }, body: { name: 'Fuzz Omera', phone: '018' } }),
  'DELETE /api/v1/stores/:storeId/suppliers/:supplierId': (s) => ({ params: { supplierId: s.supplierId }, paramsOnly: true }),
  'POST /api/v1/stores/:storeId/suppliers/:supplierId/payments': (s) => ({
    params: { supplierId: s.supplierId },
    body: { amount: 10, note: 'fuzz' },
  }),
  'GET /api/v1/stores/:storeId/suppliers/:supplierId/statement': (s) => ({
    params: { supplierId: s.supplierId },
    query: { from: '2020-01-01', to: '2030-01-01' },
  }),
  'GET /api/v1/stores/:storeId/vehicles': () => ({}),
  'POST /api/v1/stores/:storeId/vehicles': () => ({
    body: { regNumber: 'DHAKA GA 1', vehicleBrand: 'Tata', vehicleModel: 'Ace' },
  }),
  'PATCH /api/v1/stores/:storeId/vehicles/:vehicleId': (s) => ({
    params: { vehicleId: s.vehicleId },
    body: { regNumber: 'Fuzz GA 11-2345', vehicleBrand: 'Tata', vehicleModel: 'Ace' },
  }),
  'DELETE /api/v1/stores/:storeId/vehicles/:vehicleId': () => ({
    params: { vehicleId: NOBODY },
    paramsOnly: true,
  }),
  'POST /api/v1/stores/:storeId/vehicles/:vehicleId/fuel': (s) => ({
    params: { vehicleId: s.vehicleId },
    body: { amount: 10, paymentMethod: 'due', ref: 'r', details: { description: 'diesel' } },
  }),
  'POST /api/v1/stores/:storeId/vehicles/:vehicleId/repair': (s) => ({
    params: { vehicleId: s.vehicleId },
    body: { amount: 10, description: 'tyre' },
  }),
  'GET /api/v1/stores/:storeId/vehicles/:vehicleId/txs': (s) => ({ params: { vehicleId: s.vehicleId } }),
  'POST /api/v1/stores/:storeId/shops/:shopId/empties': (s) => ({
    params: { shopId: s.shopId },
    body: { lines: [{ itemId: s.cylinderId, count: 1 }], vehicleId: s.vehicleId, buyExtra: true, pricePerEmpty: 500, paymentMethod: 'cash', note: 'Fuzz' },
  }),
  'GET /api/v1/stores/:storeId/empties-owed': () => ({}),
  'POST /api/v1/stores/:storeId/vehicles/:vehicleId/loads': (s) => ({
    params: { vehicleId: s.vehicleId },
    body: { lines: [{ itemType: 'cylinder', itemId: s.cylinderId, quantity: 1 }] },
  }),
  'GET /api/v1/stores/:storeId/vehicles/:vehicleId/day': (s) => ({ params: { vehicleId: s.vehicleId } }),
  'POST /api/v1/stores/:storeId/vehicles/:vehicleId/close': (s) => ({
    params: { vehicleId: s.vehicleId },
    body: { cashHandedOver: 0, expectedCash: 0, returned: [], note: 'Fuzz' },
  }),
  'GET /api/v1/stores/:storeId/vehicles/:vehicleId/closes': (s) => ({ params: { vehicleId: s.vehicleId } }),
  'GET /api/v1/stores/:storeId/vehicles/:vehicleId/closes/:closeId': (s) => ({ params: { vehicleId: s.vehicleId, closeId: s.closeId } }),
  'GET /api/v1/stores/:storeId/vehicles/:vehicleId/closes/:closeId/report.csv': (s) => ({
    params: { vehicleId: s.vehicleId, closeId: s.closeId },
    query: { lang: 'bn' },
  }),
  'GET /api/v1/stores/:storeId/transactions': (s) => ({
    query: {
      kind: 'sell',
      from: '2026-01-01',
      to: '2026-12-31',
      shopId: s.shopId,
      cursor: '1000',
      limit: '20',
    },
  }),
  'GET /api/v1/stores/:storeId/transactions.csv': () => ({ query: { kind: 'buy', from: '2026-01-01' } }),
  'GET /api/v1/stores/:storeId/summary': () => ({ query: { period: 'month' } }),
  'POST /api/v1/remote-releases/loads': () => ({ body: { remote: 'inventory', release: 'inventory@1.0.0+abc1234' } }),
  'POST /api/v1/remote-releases/errors': () => ({
    body: { remote: 'inventory', release: 'inventory@1.0.0+abc1234', message: 'Cannot read properties of undefined' },
  }),
  'GET /api/v1/remote-releases': () => ({}),
  'GET /api/v1/stores/:storeId/messages/settings': () => ({}),
  'PUT /api/v1/stores/:storeId/messages/settings': () => ({
    body: {
      saleReceipt: true,
      paymentReceipt: true,
      dueReminders: true,
      reminderDays: [6, 3],
      reminderHour: 10,
      reminderMinDue: 1000,
      monthlyCap: 300,
      channel: 'sms',
      linkDays: 30,
      ownerAlerts: 'sms',
      ownerPhone: '01811000999',
      ownerLanguage: 'bn',
      lowStockAlerts: true,
      dailySummary: true,
      summaryHour: 21,
      templates: { due_reminder: { bn: '{{store}}: বাকি {{due}}', en: null } },
    },
  }),
  'GET /api/v1/stores/:storeId/messages': (s) => ({ query: { status: 'queued', shopId: s.shopId, limit: '10' } }),
  'POST /api/v1/stores/:storeId/messages/:messageId/resend': (s) => ({ params: { messageId: s.messageId }, body: {} }),
  'POST /api/v1/stores/:storeId/messages/reminder-runs': () => ({ body: { minDue: 100 } }),
  'POST /api/v1/stores/:storeId/shops/:shopId/reminders': (s) => ({ params: { shopId: s.shopId }, body: {} }),
  'GET /api/v1/stores/:storeId/messages/text': (s) => ({ query: { kind: 'sale_receipt', saleId: s.saleId } }),
  'GET /api/v1/stores/:storeId/shops/:shopId/statement-links': (s) => ({ params: { shopId: s.shopId } }),
  'POST /api/v1/stores/:storeId/shops/:shopId/statement-links': (s) => ({
    params: { shopId: s.shopId },
    body: { expiresInDays: 7, send: false },
  }),
  'POST /api/v1/stores/:storeId/statement-links/:linkId/revoke': (s) => ({ params: { linkId: s.statementLinkId }, body: {} }),
  'GET /api/v1/stores/:storeId/payment-details': () => ({}),
  'PUT /api/v1/stores/:storeId/payment-details': () => ({ body: { banglaQr: DEMO_BANGLA_QR } }),
  'GET /api/v1/stores/:storeId/shops/:shopId/payment-request': (s) => ({ params: { shopId: s.shopId } }),
  'GET /api/v1/public/statements/:token': () => ({ params: { token: 'AAAAAAAAAAAA' } }),
  'POST /api/v1/messages/delivery-reports': () => ({ query: { secret: 'not-it' }, body: { message_id: '1', status: 'DELIVRD' } }),
  // Money that arrives (rule 22).
  'POST /api/v1/stores/:storeId/incoming-payments/sms': () => ({
    body: { text: 'You have received Tk 100.00 from 01999000001. Fee Tk 0.00. Balance Tk 100.00. TrxID FUZZ000001 at 25/11/2026 14:05' },
  }),
  'GET /api/v1/stores/:storeId/incoming-payments': () => ({ query: { status: 'unmatched' } }),
  'POST /api/v1/stores/:storeId/incoming-payments/:paymentId/assign': (s) => ({ params: { paymentId: s.paymentId }, body: { shopId: s.shopId } }),
  'POST /api/v1/stores/:storeId/incoming-payments/:paymentId/dismiss': (s) => ({
    params: { paymentId: s.paymentId },
    body: { reason: 'The owner moved his own money' },
  }),
  'POST /api/v1/payments/sms-inbound': () => ({
    query: { secret: 'not-it' },
    body: { from: '01711000009', text: 'Money Received. Amount: Tk 500.00 Sender: 01812000006 TxnID: 71NB482J 25/11/2026 14:05' },
  }),
  'GET /api/v1/stores/:storeId/reorder': () => ({}),
  'GET /api/v1/stores/:storeId/reorder.csv': () => ({}),
  'PUT /api/v1/stores/:storeId/reorder-levels': (s) => ({ body: { itemType: 'cylinder', itemId: s.cylinderId, level: 5 } }),
  // Honest message states (issue 29).
  'GET /api/v1/stores/:storeId/messages/receipt-plan': () => ({}),
  'GET /api/v1/stores/:storeId/messages/templates': () => ({}),
  'PUT /api/v1/stores/:storeId/messages/templates': () => ({
    body: {
      paymentNumber: '01711-223344',
      templates: { due_reminder: { bn: '{{store}}: বাকি {{due}}। বিকাশ {{payNumber}}', en: null } },
    },
  }),
  // bKash's merchant API (issue 31): the settings go to the local bKash; the public addresses
  // name a statement, a callback and a notification address that are nobody's.
  'GET /api/v1/stores/:storeId/payment-gateways/bkash': () => ({}),
  'PUT /api/v1/stores/:storeId/payment-gateways/bkash': () => ({
    body: {
      accountId: bkashWalletId,
      baseUrl: bkash.baseUrl,
      appKey: bkash.credentials.appKey,
      appSecret: bkash.credentials.appSecret,
      username: bkash.credentials.username,
      password: bkash.credentials.password,
    },
  }),
  'DELETE /api/v1/stores/:storeId/payment-gateways/bkash': () => ({}),
  'POST /api/v1/public/statements/:token/bkash': () => ({ params: { token: 'AAAAAAAAAAAA' }, body: { amount: 100 } }),
  'GET /api/v1/payments/bkash/callback/:token': () => ({
    params: { token: 'v1.AAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBB' },
    query: { paymentID: 'TR0011ABC', status: 'success' },
  }),
  'POST /api/v1/payments/bkash/notify/:token': () => ({
    params: { token: 'A'.repeat(32) },
    body: {
      Type: 'Notification',
      MessageId: '00000000-0000-4000-8000-000000000000',
      TopicArn: 'arn:aws:sns:ap-southeast-1:000000000000:t',
      Message: '{"trxID":"ABCDEFGHIJ","amount":"100","transactionStatus":"Completed"}',
      Timestamp: '2026-11-24T04:00:00.000Z',
      SignatureVersion: '1',
      Signature: 'c2lnbmF0dXJl',
      SigningCertURL: `${bkash.origin}/sns/SimpleNotificationService-fake.pem`,
    },
  }),
};
for (const [kind, plural, id] of [
  ['stove', 'stoves', 'stoveId'],
  ['regulator', 'regulators', 'regulatorId'],
] as const) {
  VALID[`GET /api/v1/stores/:storeId/${kind}-inventory`] = () => ({});
  VALID[`POST /api/v1/stores/:storeId/${kind}-inventory`] = () => ({
    body: { name: `Fuzz ${kind}`, price: 100 },
  });
  VALID[`PATCH /api/v1/stores/:storeId/${kind}-inventory/:itemId`] = (s) => ({
    params: { itemId: s[id] },
    body: { price: 99.5 },
  });
  VALID[`POST /api/v1/stores/:storeId/${plural}/buy`] = (s) => ({
    body: { id: s[id], quantity: 1, unitCost: 90, paymentMethod: 'due' },
  });
  VALID[`POST /api/v1/stores/:storeId/${plural}/sell`] = (s) => ({
    body: { id: s[id], quantity: 1, totalAmount: 1 },
  });
  VALID[`PATCH /api/v1/stores/:storeId/${plural}/mark-defected`] = (s) => ({
    query: { isDefected: 'false' },
    body: { id: s[id], count: 1 },
  });
}

// ---- What fast-check throws at each field -----------------------------------------------------
const BANGLA = [...'অআইঈউঊঋএঐওঔকখগঘঙচছজঝঞটঠডঢণতথদধনপফবভমযরলশষসহড়ঢ়য়ৎংঃঁ০১২৩৪৫৬৭৮৯ািীুূৃেৈোৌ্ '];
const FRAGMENTS = [
  "' OR '1'='1",
  "'; drop table ledger_entries; --",
  '1) or (1=1',
  '%',
  '_',
  '\\',
  '%_\\',
  '$1',
  '<img src=x onerror=window.__pwned=1>',
  '"><script>window.__pwned=1</script>',
  '{{constructor.constructor("return 1")()}}',
  '../../etc/passwd',
  'a\u0000b',
  '\u0000',
  '\ud83d\ude00 দোকান',
  '\u202e\u200b\ufeff',
  '00000000-0000-0000-0000-000000000000',
  'NaN',
  '1e309',
  '-1',
  '0.001',
  'true',
  'null',
];
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(...FRAGMENTS),
  fc.array(fc.constantFrom(...BANGLA), { minLength: 1, maxLength: 200 }).map((cs) => cs.join('')),
  fc.integer({ min: 300, max: 20_000 }).map((n) => 'ক'.repeat(n)),
  fc.integer({ min: 300, max: 20_000 }).map((n) => 'x'.repeat(n)),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    -0.5,
    0.5,
    0.001,
    1.005,
    2 ** 31,
    2 ** 53,
    2 ** 53 + 2,
    1e15,
    1e20,
    1e308,
    -1e308,
    Number.MIN_VALUE,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  fc.constantFrom(null, true, false, [], {}, [1, 2], { $gt: '' }, { __proto__: { admin: true } }),
  fc.jsonValue({ maxDepth: 2 }),
);
const fieldName = fc.oneof(
  fc.constantFrom('id', 'storeId', 'store_id', 'role', '__proto__', 'constructor', 'isActive', 'deletedAt'),
  fc.string({ maxLength: 20 }),
);

type Mutation =
  | { on: 'body'; op: 'set'; field: string | null; value: unknown }
  | { on: 'body'; op: 'drop'; field: string | null }
  | { on: 'body'; op: 'replace'; value: unknown }
  | { on: 'params'; field: string | null; value: string }
  | { on: 'query'; field: string | null; value: string; twice: boolean };

const paramsMutation: fc.Arbitrary<Mutation> = fc.record({
  on: fc.constant('params' as const),
  field: fc.constant(null),
  value: hostileString,
});
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    on: fc.constant('body' as const),
    op: fc.constant('set' as const),
    field: fc.option(fieldName),
    value: hostileValue,
  }),
  fc.record({ on: fc.constant('body' as const), op: fc.constant('drop' as const), field: fc.constant(null) }),
  fc.record({ on: fc.constant('body' as const), op: fc.constant('replace' as const), value: hostileValue }),
  paramsMutation,
  fc.record({
    on: fc.constant('query' as const),
    field: fc.option(fieldName),
    value: hostileString,
    twice: fc.boolean(),
  }),
);

/** Applies mutations to a valid request; a `null` field means "one of the request's own fields". */
function bend(rule: RouteRule, valid: Req, mutations: Mutation[], pick: number, storeId: string) {
  const params: Record<string, string> = { [rule.storeParam]: storeId, ...valid.params };
  let body: unknown = valid.body === undefined ? undefined : structuredClone(valid.body);
  const query: [string, string][] = Object.entries(valid.query ?? {});
  const own = <T>(keys: T[]) => (keys.length ? keys[pick % keys.length] : undefined);
  for (const m of mutations) {
    if (m.on === 'params') {
      const name = own(Object.keys(params).filter((k) => rule.url.includes(`:${k}`)));
      if (name) params[name] = m.value;
    } else if (valid.paramsOnly) {
      continue;
    } else if (m.on === 'query') {
      const name = m.field ?? own(query.map(([k]) => k)) ?? 'q';
      query.push([name, m.value]);
      if (m.twice) query.push([name, m.value]);
    } else if (m.op === 'replace') {
      // Copies: fast-check hands out the same constant objects again in later runs.
      body = structuredClone(m.value);
    } else if (body && typeof body === 'object' && !Array.isArray(body)) {
      const b = body as Record<string, unknown>;
      const name = m.field ?? own(Object.keys(b)) ?? 'extra';
      if (m.op === 'set')
        Object.defineProperty(b, name, {
          value: structuredClone(m.value),
          enumerable: true,
          configurable: true,
          writable: true,
        });
      else delete b[name];
    } else if (Array.isArray(body)) {
      body = [
        ...body,
        m.op === 'set' ? { id: structuredClone(m.value), isActive: structuredClone(m.value) } : {},
      ];
    } else {
      body = m.op === 'set' ? { [m.field ?? 'x']: structuredClone(m.value) } : undefined;
    }
  }
  const path = rule.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? NOBODY),
  );
  const qs = new URLSearchParams(query).toString();
  return { url: qs ? `${path}?${qs}` : path, body };
}

type Reply = Awaited<ReturnType<typeof ctx.app.inject>>;
/** Never a 5xx; a 4xx is {status, message, errors} and a field error names its field. */
function expectWellFormed(res: Reply, label: string) {
  expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 500)}`).toBeLessThan(500);
  if (res.statusCode < 400) return;
  const json = res.json();
  expect(json.status, label).toBe(res.statusCode);
  expect(typeof json.message, label).toBe('string');
  expect(json.message.length, label).toBeGreaterThan(0);
  if (json.errors !== null) {
    expect(Array.isArray(json.errors), label).toBe(true);
    for (const e of json.errors) {
      expect(typeof e.field, label).toBe('string');
      expect(e.field.length, label).toBeGreaterThan(0);
      expect(typeof e.message, label).toBe('string');
    }
  }
}

const key = (r: RouteRule) => `${r.method} ${r.url}`;
const rules = ctx.app.routeRules.filter((r) => r.url.startsWith('/api/v1'));
let s: StoreObjects;
/** The store's bKash merchant wallet, where its merchant API's payments land. */
let bkashWalletId = '';

beforeAll(async () => {
  s = await populatedStore(ctx, 'Fuzz');
  const wallet = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/stores/${s.storeId}/accounts`,
    headers: s.owner.auth,
    payload: { kind: 'wallet', provider: 'bkash', walletType: 'merchant', number: '01700000000' },
  });
  bkashWalletId = wallet.json().account.id;
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await bkash.close();
});

async function send(rule: RouteRule, url: string, payload: unknown, extra: Record<string, string> = {}) {
  const hasBody = payload !== undefined;
  return ctx.app.inject({
    method: rule.method as 'GET',
    url,
    headers: { ...s.owner.auth, ...(hasBody && { 'content-type': 'application/json' }), ...extra },
    ...(hasBody && { payload: JSON.stringify(payload) }),
  });
}

describe('bad input never breaks the API or changes anything', () => {
  it('every route has a valid request to bend', () => {
    const missing = rules.map(key).filter((k) => !(k in VALID));
    expect(missing, `routes without a case in security/bad-input.test.ts: ${missing.join(', ')}`).toEqual([]);
  });

  it.each(rules.map((r) => [key(r), r] as const))('%s', async (name, rule) => {
    const valid = VALID[name](s);
    await fc.assert(
      // A request that may only have its path bent always has it bent: it must never go through.
      fc.asyncProperty(
        valid.paramsOnly
          ? fc.array(paramsMutation, { minLength: 1, maxLength: 2 })
          : fc.array(mutation, { minLength: 1, maxLength: 3 }),
        fc.nat(),
        async (mutations, pick) => {
          const before = await databaseChecksum(ctx);
          const { url, body } = bend(
            rule,
            valid,
            mutations,
            pick,
            name.includes(':workspaceId') || name.includes(':storeId') ? s.storeId : '',
          );
          const res = await send(rule, url, body);
          expectWellFormed(res, `${name} ${url} ${JSON.stringify(body)?.slice(0, 300)}`);
          if (res.statusCode >= 400)
            expect(await databaseChecksum(ctx), `${name}: rejected but changed`).toEqual(before);
        },
      ),
      { numRuns: NUM_RUNS, endOnFailure: true },
    );
  });

  const withBody = rules.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));
  it.each(withBody.map((r) => [key(r), r] as const))(
    '%s: malformed JSON, oversized and non-JSON bodies',
    async (name, rule) => {
      const { url } = bend(rule, VALID[name](s), [], 0, s.storeId);
      const before = await databaseChecksum(ctx);
      const cases: [string, string, number[]][] = [
        ['{"name": "unterminated', 'application/json', [400]],
        ['{"a":1}{"b":2}', 'application/json', [400]],
        // The shop file's route takes a file of up to 8 MB: 300 kB is a wrong body there, not a big one.
        [`{"name":"${'ক'.repeat(100_000)}"}`, 'application/json', name === 'POST /api/v1/stores/:storeId/shops/import' ? [400] : [413]],
        // Gateways post delivery reports and forwarded SMS as a form: those two routes read forms
        // (and, with a wrong secret, answer as if they were not there).
        [
          'name=x',
          'application/x-www-form-urlencoded',
          name === 'POST /api/v1/messages/delivery-reports' || name === 'POST /api/v1/payments/sms-inbound' ? [404] : [415],
        ],
        ['<xml/>', 'text/xml', [415]],
      ];
      for (const [payload, type, statuses] of cases) {
        const res = await ctx.app.inject({
          method: rule.method as 'POST',
          url,
          headers: { ...s.owner.auth, 'content-type': type },
          payload,
        });
        expectWellFormed(res, `${name} ${type} ${payload.slice(0, 40)}`);
        // Access is decided before the body is read: refresh and logout refuse first (403).
        if (!name.startsWith('POST /api/v1/auth/refresh') && !name.startsWith('POST /api/v1/auth/logout')) {
          expect(
            statuses,
            `${name} ${type} ${payload.slice(0, 40)} → ${res.statusCode} ${res.body.slice(0, 200)}`,
          ).toContain(res.statusCode);
        }
      }
      expect(await databaseChecksum(ctx)).toEqual(before);
    },
  );

  it('text that a spreadsheet would run as a formula leaves the CSV export as text', async () => {
    const note = '=HYPERLINK("https://evil.example","Click")';
    const count = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/stores/${s.storeId}/stock-counts`,
      headers: s.owner.auth,
      payload: { itemId: s.regulatorId, stockCount: 8, note },
    });
    expect(count.statusCode, count.body).toBe(200);
    const csv = await ctx.app.inject({
      url: `/api/v1/stores/${s.storeId}/transactions.csv?kind=stock_count`,
      headers: s.owner.auth,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`"'=HYPERLINK(""https://evil.example"",""Click"")"`);
    expect(csv.body).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });

  it('an Idempotency-Key that is too long is a field error, and changes nothing', async () => {
    const rule = rules.find((r) => key(r) === 'POST /api/v1/stores/:storeId/cylinders/sell')!;
    const { url, body } = bend(rule, VALID[key(rule)](s), [], 0, s.storeId);
    const before = await databaseChecksum(ctx);
    const res = await send(rule, url, body, { 'idempotency-key': 'k'.repeat(201) });
    expectWellFormed(res, 'long key');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('Idempotency-Key');
    expect(await databaseChecksum(ctx)).toEqual(before);
  });
});
