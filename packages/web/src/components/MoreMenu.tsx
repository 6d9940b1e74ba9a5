import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A row's 更多 menu. ArrowDown on the button opens it with the first item focused, as a menu button
 * does (WAI-ARIA APG); the arrows then move between items and Escape closes it.
 */
export function MoreMenu({ label, items, onClick }: { label: string; items: MenuProps['items']; onClick: MenuProps['onClick'] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      autoFocus
      menu={{
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
          }
        }}
      >
        {t('patientActions.more')} <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
