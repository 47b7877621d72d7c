import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const MENU_STORAGE_KEY = 'menu-storage';

export interface MenuState {
  isUserMenuOpen: boolean;
  isSidebarOpen: boolean;
  isStoreMenuOpen: boolean;
  toggleUserMenu: () => void;
  toggleSidebar: () => void;
  toggleStoreMenu: () => void;
  setSidebarOpen: (open: boolean) => void;
  /** Closes the user and store menus (on navigation); the sidebar keeps its state. */
  closeAll: () => void;
}

export const useMenuStore = create<MenuState>()(
  persist(
    (set) => ({
      isUserMenuOpen: false,
      isSidebarOpen: true,
      isStoreMenuOpen: false,
      toggleUserMenu: () =>
        set((state) => ({ isUserMenuOpen: !state.isUserMenuOpen, isStoreMenuOpen: false })),
      toggleSidebar: () => set((state) => ({ isSidebarOpen: !state.isSidebarOpen })),
      toggleStoreMenu: () =>
        set((state) => ({ isStoreMenuOpen: !state.isStoreMenuOpen, isUserMenuOpen: false })),
      setSidebarOpen: (isSidebarOpen) => set({ isSidebarOpen }),
      closeAll: () => set({ isUserMenuOpen: false, isStoreMenuOpen: false }),
    }),
    {
      name: MENU_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ isSidebarOpen: state.isSidebarOpen }),
    },
  ),
);

export const selectIsUserMenuOpen = (state: MenuState) => state.isUserMenuOpen;
export const selectIsSidebarOpen = (state: MenuState) => state.isSidebarOpen;
export const selectIsStoreMenuOpen = (state: MenuState) => state.isStoreMenuOpen;
