import { createContext, useContext } from 'react';

export interface SidebarState {
  /** Icons only (desktop). */
  minimized: boolean;
}

/** Lets the slots of the sidebar (the user menu) follow its state. */
export const SidebarStateContext = createContext<SidebarState>({ minimized: false });

export function useSidebarState(): SidebarState {
  return useContext(SidebarStateContext);
}
