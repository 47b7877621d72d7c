export {
  useAuthStore,
  AUTH_STORAGE_KEY,
  selectUser,
  selectAccessToken,
  selectInitializing,
  selectCurrentStore,
  selectAllStores,
  selectIsSignedIn,
} from './auth-store';
export type { AuthState, AuthInitApi } from './auth-store';
export {
  useMenuStore,
  MENU_STORAGE_KEY,
  selectIsUserMenuOpen,
  selectIsSidebarOpen,
  selectIsStoreMenuOpen,
} from './menu-store';
export type { MenuState } from './menu-store';
export { userHeading, userSubline } from './user-display';
export type { UserDisplayTexts } from './user-display';
export type { AuthUser, StoreSummary, StoreRole } from './types';
