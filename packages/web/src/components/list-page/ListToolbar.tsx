import { Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListPage } from './use-list-page';

/** The row of search and filters above a list's table. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return <div className="toolbar">{children}</div>;
}

/**
 * A list's search box: it starts from the search text in the URL and sets it (back to page 1) on
 * 搜索 or Enter. The placeholder is also its accessible name.
 */
export function ListSearch({
  list,
  placeholder,
  width = 280,
}: {
  list: Pick<ListPage, 'keyword' | 'setKeyword'>;
  placeholder?: string;
  width?: number;
}) {
  const { t } = useTranslation();
  const text = placeholder ?? t('common.searchPlaceholder');
  return (
    <Input.Search
      allowClear
      defaultValue={list.keyword}
      placeholder={text}
      aria-label={text}
      onSearch={list.setKeyword}
      style={{ width }}
      enterButton={t('common.search')}
    />
  );
}
