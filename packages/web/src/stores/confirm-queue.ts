import { create } from 'zustand';

/** One dialog of the global confirmation queue (spec §2, §3: title, image, p1, p2, width, callBack, visible). */
export interface ConfirmItem {
  id: number;
  title: string;
  /** URL of the illustration; the component shows a default one when absent. */
  image?: string;
  p1?: string;
  p2?: string;
  width?: number;
  callBack?: () => unknown;
  visible: boolean;
}

export type ConfirmRequest = Omit<ConfirmItem, 'id' | 'visible'>;

interface ConfirmQueueState {
  items: ConfirmItem[];
  /** Queues a dialog and answers its id. */
  push: (request: ConfirmRequest) => number;
  /** 确定: removes the dialog, then runs its stored action. */
  confirm: (id: number) => void;
  /** 取消 or the close control: removes the dialog without running anything. */
  dismiss: (id: number) => void;
  clear: () => void;
}

let nextId = 1;

export const useConfirmQueue = create<ConfirmQueueState>()((set, get) => ({
  items: [],
  push: (request) => {
    const id = nextId++;
    set((s) => ({ items: [...s.items, { ...request, id, visible: true }] }));
    return id;
  },
  confirm: (id) => {
    const item = get().items.find((i) => i.id === id);
    set((s) => ({ items: s.items.filter((i) => i.id !== id) }));
    // Removed first so a slow or failing action can never leave the dialog open or run twice.
    void Promise.resolve()
      .then(() => item?.callBack?.())
      .catch(() => {
        // The API client has already shown the error; nothing else to report here.
      });
  },
  dismiss: (id) => set((s) => ({ items: s.items.filter((i) => i.id !== id) })),
  clear: () => set({ items: [] }),
}));

/** Queue a confirmation from anywhere (event handlers, API callbacks). */
export const confirmDialog = (request: ConfirmRequest) => useConfirmQueue.getState().push(request);

// Test hook for the browser journeys (e2e/doctor-shell.test.ts): spec §2 says any number of dialogs can
// be queued, but no screen queues two at once, so the journey pushes them itself. Exposed only when the
// test has set localStorage 'tcm-e2e' to '1' before the app loads; a real session never sees it.
try {
  if (globalThis.localStorage?.getItem('tcm-e2e') === '1') {
    (globalThis as unknown as { __tcmConfirmQueue?: typeof useConfirmQueue }).__tcmConfirmQueue = useConfirmQueue;
  }
} catch {
  // localStorage may be unavailable (private mode, locked-down browser): no hook then.
}
