
export { Button } from './button';
export type { ButtonProps, ButtonVariant } from './button';
export { Modal } from './modal';
export type { ModalProps, ModalSize } from './modal';
export { MoreMenu } from './more-menu';
export { ListCard } from './list-card';
export type { ListCardProps } from './list-card';
export type { MoreAction, MoreMenuProps } from './more-menu';
export { ConfirmDialog } from './confirm-dialog';
export { ConfirmedModal, ConfirmedResult } from './confirmed-modal';
export type { ConfirmedModalProps } from './confirmed-modal';
export type { ConfirmDialogProps } from './confirm-dialog';
export { FormModal } from './form-modal';
export { formCallbacks } from './form-callbacks';
export type { FormRefusal, FormSuccess } from './form-callbacks';
export { useDownload } from './use-download';
export { useFormState } from './form-state';
export type { FormStateOptions } from './form-state';
export { useLazySchema } from './lazy-schema';
export type { FormModalProps } from './form-modal';
export { AccountSelect, accountLabel, defaultAccountId, useAccountLabel, namedAccount, usePaymentName } from './account-select';
export type { AccountLike, AccountSelectProps } from './account-select';
export { PaymentChoiceField, PaymentFields, paymentBody, paymentChoices, paymentChoiceValue, usePayment } from './payment-fields';
export type { PaymentChoiceFieldProps, PaymentDraft, PaymentFieldsProps } from './payment-fields';
export { TextField, NumberField, AmountField, SelectField, TextAreaField } from './fields';
export type { TextFieldProps, NumberFieldProps, SelectFieldProps, SelectOption, TextAreaFieldProps } from './fields';
export { Card, EmptyState, Banner, Tabs } from './layout';
export { Khata } from './khata';
export { PaymentRequestBlock, QrCode } from './payment-request';
export { copyText } from './pay/copy';
export type { PaymentRequestBlockProps } from './payment-request';
export type { KhataLine, KhataProps } from './khata';
export { DataTable } from './data-table';
export { showsCards } from './card-layout';
export type { CardPlace, DataColumn, DataRowProps, DataTableProps, DataTableWindow } from './data-table';
export { QueryView } from './query-view';
export { ReportPage } from './report-page';
export type { ReportCsv, ReportPageProps } from './report-page';
export type { QueryState } from './query-view';
export type { BannerTone, TabItem } from './layout';
export { Spinner, FullScreenSpinner } from './spinner';
export { StoreLine } from './store-line';
export type { StoreLineProps } from './store-line';
export { Toaster, notify, TOAST_DURATION_MS, MAX_VISIBLE_TOASTS, STORE_AREA_TOAST_MS } from './toast';
export type { NotifyOptions } from './toast';
export {
  formatTk,
  formatCount,
  formatNumber,
  formatDate,
  formatDateTime,
  formatTime,
  formatMonth,
  formatItemName,
  formatSaleNumber,
  formatBrandName,
  itemSearchKey,
  matchesSearch,
  searchKey,
  formatPayment,
  parseNumber,
  numberText,
  groupTyped,
  dhakaDay,
  TIME_ZONE,
  CURRENCY_LABEL,
} from './format';
export { useDocumentTitle, APP_NAME } from './document-title';
