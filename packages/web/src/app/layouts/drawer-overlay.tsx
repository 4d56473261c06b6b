import { Overlay } from '@mantine/core';

/** The drawer's backdrop on a phone (main-layout.tsx): a click on it closes the drawer. */
export function DrawerOverlay({ onClose }: { onClose: () => void }) {
  return <Overlay fixed zIndex={150} backgroundOpacity={0.45} blur={2} onClick={onClose} />;
}
