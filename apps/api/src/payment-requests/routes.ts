import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  paymentDetailsBodySchema,
  paymentDetailsResponseSchema,
  paymentRequestResponseSchema,
  isUuid,
} from '@mojud/contracts';
import { notFound } from '../errors';
import { inboundNumber } from './inbound-number';
import { readPaymentDetails, saveBanglaQr, shopDue, shopPaymentRequest } from './details';

const storeParams = z.object({ storeId: z.string() });
const shopParams = z.object({ storeId: z.string(), shopId: z.string() });

/**
 * The store's payment details and a shop's payment request (DEALER.md rule 22). Everyone at the
 * counter reads them (they are what the counter shows a customer: wallet numbers and the QR,
 * never a balance); the owner, admins and managers set the Bangla QR. The wallets and their
 * numbers are the accounts page's (accounts/routes.ts).
 */
const paymentDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:storeId/payment-details',
    { config: { access: 'staff' }, schema: { params: storeParams, response: { 200: paymentDetailsResponseSchema } } },
    async (request) => ({ details: await readPaymentDetails(app.db, request.store!.id, inboundNumber(app)) }),
  );

  app.put(
    '/stores/:storeId/payment-details',
    {
      config: { access: 'manager' },
      schema: { params: storeParams, body: paymentDetailsBodySchema, response: { 200: paymentDetailsResponseSchema } },
    },
    async (request) => {
      const storeId = request.store!.id;
      await saveBanglaQr(app.db, storeId, request.body.banglaQr);
      return { details: await readPaymentDetails(app.db, storeId, inboundNumber(app)) };
    },
  );

  app.get(
    '/stores/:storeId/shops/:shopId/payment-request',
    { config: { access: 'staff' }, schema: { params: shopParams, response: { 200: paymentRequestResponseSchema } } },
    async (request) => {
      const storeId = request.store!.id;
      const shop = isUuid(request.params.shopId) ? await shopDue(app.db, storeId, request.params.shopId) : undefined;
      if (!shop) throw notFound({ message: 'Shop not found', code: 'shop.notFound' });
      return { request: await shopPaymentRequest(app.db, storeId, shop) };
    },
  );
};

export default paymentDetailsRoutes;
