import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithQuery } from '@mojud/api-client/testing';
import type { PaymentDetails } from '@mojud/contracts';
import { fakeApi } from '../../../test/fake-api';
import PaymentDetailsSection from './payment-details';

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  api?.restore();
  delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
});

const STORE = '11111111-1111-4111-8111-111111111111';
const QR =
  '00020101021126380020com.example.banglaqr0110DEMO0000425204598353030505802BD5915RAHIM GAS HOUSE6005DHAKA62210706DEMO010807PAYMENT63043A6A';
const none: PaymentDetails = {
  banglaQr: null,
  wallets: [{ accountId: 'w1', provider: 'bkash', walletType: 'merchant', number: '+8801711223344' }],
  inboundNumber: null,
};
const withQr: PaymentDetails = { ...none, banglaQr: { payload: QR, merchantName: 'RAHIM GAS HOUSE', merchantCity: 'DHAKA' } };

describe('how shops pay the store, on the accounts page', () => {
  it('a manager pastes the Bangla QR: a damaged one is refused with its reason before it is sent, a sound one names its merchant and is saved', async () => {
    let saved: PaymentDetails = none;
    api = fakeApi({
      [`GET /stores/${STORE}/payment-details`]: () => ({ status: 200, data: { details: saved } }),
      [`PUT /stores/${STORE}/payment-details`]: (_config, body) => {
        saved = withQr;
        expect(body).toEqual({ banglaQr: QR });
        return { status: 200, data: { details: saved } };
      },
    });
    const user = userEvent.setup();
    renderWithQuery(<PaymentDetailsSection storeId={STORE} manager />);
    expect(await screen.findByTestId('pay-wallet')).toHaveTextContent('bKash 01711-223344 (merchant)');
    await user.click(await screen.findByRole('button', { name: 'Add Bangla QR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bangla QR' });
    // No camera reader in this browser: it says so, and the text can be pasted.
    expect(await within(dialog).findByText(/This browser cannot read a QR with the camera/)).toBeInTheDocument();
    const box = within(dialog).getByLabelText('Text of the QR');
    await user.click(box);
    await user.paste(QR.replace('RAHIM', 'RAHIN'));
    expect(within(dialog).getByText('This QR is damaged: its check digits do not match. Scan it again or paste the whole text.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.clear(box);
    await user.paste(QR);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Merchant: RAHIM GAS HOUSE, DHAKA');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('bangla-qr-merchant')).toHaveTextContent('RAHIM GAS HOUSE, DHAKA');
    expect(await screen.findByRole('img', { name: 'Your Bangla QR, RAHIM GAS HOUSE' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusal beside the text, and nothing is saved", async () => {
    api = fakeApi({
      [`GET /stores/${STORE}/payment-details`]: () => ({ status: 200, data: { details: none } }),
      [`PUT /stores/${STORE}/payment-details`]: () => ({
        status: 422,
        data: {
          status: 422,
          code: 'banglaQr.notBangladesh',
          message: 'This QR is not from a bank or wallet in Bangladesh.',
          errors: [{ field: 'banglaQr', code: 'banglaQr.notBangladesh', message: 'This QR is not from a bank or wallet in Bangladesh.' }],
        },
      }),
    });
    const user = userEvent.setup();
    renderWithQuery(<PaymentDetailsSection storeId={STORE} manager />);
    await user.click(await screen.findByRole('button', { name: 'Add Bangla QR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bangla QR' });
    await user.click(within(dialog).getByLabelText('Text of the QR'));
    await user.paste(QR);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This QR is not from a bank or wallet in Bangladesh.')).toBeInTheDocument();
  });

  it('offers the camera where the browser reads QR codes', async () => {
    (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector = Object.assign(class {}, {
      getSupportedFormats: async () => ['qr_code', 'ean_13'],
    });
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: async () => new MediaStream() }, configurable: true });
    api = fakeApi({ [`GET /stores/${STORE}/payment-details`]: () => ({ status: 200, data: { details: none } }) });
    const user = userEvent.setup();
    renderWithQuery(<PaymentDetailsSection storeId={STORE} manager />);
    await user.click(await screen.findByRole('button', { name: 'Add Bangla QR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bangla QR' });
    expect(await within(dialog).findByRole('button', { name: 'Scan with the camera' })).toBeInTheDocument();
    delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  });

  it('staff read the QR and the numbers, with nothing to change', async () => {
    api = fakeApi({ [`GET /stores/${STORE}/payment-details`]: () => ({ status: 200, data: { details: withQr } }) });
    renderWithQuery(<PaymentDetailsSection storeId={STORE} manager={false} />);
    expect(await screen.findByTestId('bangla-qr-merchant')).toHaveTextContent('RAHIM GAS HOUSE');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
