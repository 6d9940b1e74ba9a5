import { DownloadOutlined } from '@ant-design/icons';
import { EXPORT_KEYS, type ExportKey } from '@tcm/contracts/api/export-paths';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The dialog (a form with two DatePickers and a Select, ~30 kB gzip) is in the header of most screens
// but opened rarely: it is fetched on the first click (or as soon as the pointer or focus reaches the
// button), then stays mounted so that closing it animates like any dialog.
const loadDialog = () => import('./ExportDialog');
const ExportDialog = lazy(loadDialog);

/**
 * The Excel exports of spec §7. Without `kinds` the dialog offers all seven (home screens); a list
 * screen passes the exports whose rows it shows, the first preselected. A doctor exports their own
 * institution; the administrator one institution or all. The file name comes from Content-Disposition.
 */
export function ExportButton({ kinds = EXPORT_KEYS }: { kinds?: readonly ExportKey[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        icon={<DownloadOutlined aria-hidden />}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        data-testid="export-open"
      >
        {t('exports.open')}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <ExportDialog open={open} kinds={kinds} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
