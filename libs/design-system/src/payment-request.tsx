import { lazy, Suspense } from 'react';
import type { PaymentRequestBlockProps } from './pay/pay-block';

export type { PaymentRequestBlockProps } from './pay/pay-block';

// Loaded when a page first shows a payment request: the QR encoder and the request's texts are a
// chunk of their own, never part of a page's first paint.
const Block = lazy(() => import('./pay/pay-block'));
const Qr = lazy(() => import('./pay/qr-code'));

/** A payment request: "Pay Tk 3,500", its Bangla QR, reference and wallet numbers (pay/pay-block.tsx). */
export function PaymentRequestBlock(props: PaymentRequestBlockProps) {
  return (
    <Suspense fallback={null}>
      <Block {...props} />
    </Suspense>
  );
}

/** Any text as a QR code, drawn as SVG (pay/qr-code.tsx). */
export function QrCode(props: { value: string; label: string; className?: string }) {
  return (
    <Suspense fallback={null}>
      <Qr {...props} />
    </Suspense>
  );
}
