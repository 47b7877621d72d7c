import { lazy } from 'react';

export type { PaymentRequestBlockProps } from './pay/pay-block';

// Loaded when a page first shows a payment request: the QR encoder and the request's texts are a
// chunk of their own, never part of a page's first paint. A page puts them inside a Suspense of
// its own (`fallback={null}`), so the rest of it shows while the chunk comes.
const load = () => import('./pay/pay-block');

/** A payment request: "Pay Tk 3,500", its Bangla QR, reference and wallet numbers (pay/pay-block.tsx). */
export const PaymentRequestBlock = lazy(load);

/** Any text as a QR code, drawn as SVG (pay/qr-code.tsx). */
export const QrCode = lazy(() => load().then((m) => ({ default: m.QrCode })));
