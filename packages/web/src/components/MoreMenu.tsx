import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Focuses the first item of the menu once its popup is in the page (it renders a frame or two later). */
function focusFirstItem(menuClass: string, tries = 20): void {
  const item = document.querySelector<HTMLElement>(`.${menuClass} [role="menuitem"]:not([aria-disabled="true"])`);
  if (item) item.focus();
  else if (tries > 0) requestAnimationFrame(() => focusFirstItem(menuClass, tries - 1));
}

/**
 * A row's 更多 menu. ArrowDown on the button opens it with the first item focused, as a menu button
 * does (WAI-ARIA APG); the arrows then move between items and Escape closes it.
 */
export function MoreMenu({ label, items, onClick }: { label: string; items: MenuProps['items']; onClick: MenuProps['onClick'] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuClass = `more-menu-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        className: menuClass,
        items,
        onClick: (info) => {
          setOpen(false);
          onClick?.(info);
        },
      }}
    >
      <Button
        size="small"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            focusFirstItem(menuClass);
          }
        }}
      >
        {t('patientActions.more')} <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
