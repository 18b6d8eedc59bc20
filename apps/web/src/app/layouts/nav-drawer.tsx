import { Drawer } from 'antd';
import type { ReactNode } from 'react';

/** The navigation on phones: loaded on the first tap of the menu button, so desktops never download the Drawer. */
export const NavDrawer = ({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) => (
  <Drawer
    open={open}
    onClose={onClose}
    placement="left"
    size={300}
    title="Menu"
    styles={{ body: { padding: 0 } }}
    // The drawer's own close button gets a name a screen reader can say.
    closable={{ 'aria-label': 'Close menu' }}
  >
    {children}
  </Drawer>
);
