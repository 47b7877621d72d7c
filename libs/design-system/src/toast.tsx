import toast, { Toaster as HotToaster, useToasterStore } from 'react-hot-toast';
import { useEffect } from 'react';

export const TOAST_DURATION_MS = 4000;
export const MAX_VISIBLE_TOASTS = 3;
/** Spec section 9: the store and invite area (/stores, /addStore, /invitations, /selectBrands, invites) uses 3000 ms. */
export const STORE_AREA_TOAST_MS = 3000;

/** Mounted once by the shell; remotes only call `notify`. */
export function Toaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // react-hot-toast has no limit option: dismiss the oldest beyond the third.
    toasts
      .filter((item) => item.visible)
      .slice(MAX_VISIBLE_TOASTS)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts]);
  return <HotToaster position="top-right" toastOptions={{ duration: TOAST_DURATION_MS }} />;
}

export interface NotifyOptions {
  duration?: number;
  id?: string;
}

export const notify = {
  success: (message: string, options?: NotifyOptions) => toast.success(message, options),
  error: (message: string, options?: NotifyOptions) => toast.error(message, options),
  dismiss: (id?: string) => toast.dismiss(id),
};
