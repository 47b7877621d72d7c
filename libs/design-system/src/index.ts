import './tokens.css';
import './messages';

export { Button } from './button';
export type { ButtonProps, ButtonVariant } from './button';
export { Modal } from './modal';
export type { ModalProps, ModalSize } from './modal';
export { ConfirmDialog } from './confirm-dialog';
export type { ConfirmDialogProps } from './confirm-dialog';
export { TextField, NumberField, SelectField } from './fields';
export type { TextFieldProps, NumberFieldProps, SelectFieldProps, SelectOption } from './fields';
export { Card, EmptyState, Banner, Table, Tabs } from './layout';
export type { BannerTone, TabItem } from './layout';
export { Spinner, FullScreenSpinner } from './spinner';
export { StoreLine } from './store-line';
export type { StoreLineProps } from './store-line';
export { Toaster, notify, TOAST_DURATION_MS, MAX_VISIBLE_TOASTS, STORE_AREA_TOAST_MS } from './toast';
export type { NotifyOptions } from './toast';
export { formatTk, formatCount, formatDate, formatDateTime, TIME_ZONE, CURRENCY_LABEL } from './format';
