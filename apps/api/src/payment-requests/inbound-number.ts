import type { FastifyInstance } from 'fastify';

/**
 * The number the store's wallet SMS can be forwarded to (SMS_INBOUND_NUMBER), for the payment
 * details; null when this server receives no SMS (pasting on the payments page always works).
 */
export const inboundNumber = (app: FastifyInstance): string | null => app.messaging.gateways.inboundNumber ?? null;
