import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@zaryad/contracts';
import { Button, Flex, Input, Select } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePageInput } from '@/components/data-table/parsePageInput';
import { TextSpan } from '@/components/text/TextSpan';
import { useNumberFormat } from '@/lib/useNumberFormat';

type TTablePagerProps = {
  page: number;
  pages: number;
  size: number;
  total: number;
  onChange: (page: number, size: number) => void;
};

/** Previous/next, a typed page number and the page size; every change is a request to the server. */
export const TablePager = ({ page, pages, size, total, onChange }: TTablePagerProps) => {
  const { t } = useTranslation('kit');
  const { count } = useNumberFormat();
  const inputId = useId();
  const [pageText, setPageText] = useState(String(page));
  const lastPage = Math.max(pages, 1);

  useEffect(() => {
    setPageText(String(page));
  }, [page]);

  const goTo = () => {
    const target = parsePageInput(pageText);
    if (target === 0) {
      // Not a page: nothing to fetch; show the page the table is on again.
      setPageText(String(page));
      return;
    }
    const clamped = Math.min(target, lastPage);
    setPageText(String(clamped));
    if (clamped !== page) {
      onChange(clamped, size);
    }
  };

  // Select-all may have raised the size to the total: keep it selectable so the control tells the truth.
  const sizes: number[] = PAGE_SIZES.includes(size as (typeof PAGE_SIZES)[number])
    ? [...PAGE_SIZES]
    : [...PAGE_SIZES, size];

  return (
    <nav aria-label={t('table.pagination')}>
      <Flex align="center" justify="flex-end" gap={8} wrap style={{ marginTop: 16 }}>
        <TextSpan tone="secondary">{t('table.total', { total: count(total) })}</TextSpan>
        <Button
          icon={<LeftOutlined />}
          aria-label={t('table.previous')}
          disabled={page <= 1}
          onClick={() => {
            onChange(page - 1, size);
          }}
        />
        <label htmlFor={inputId}>{t('table.page')}</label>
        <Input
          id={inputId}
          aria-label={t('table.pageInput')}
          inputMode="numeric"
          style={{ width: 64, textAlign: 'center' }}
          value={pageText}
          onChange={(event) => {
            setPageText(event.target.value);
          }}
          onPressEnter={goTo}
          onBlur={goTo}
        />
        <span>{t('table.pageOf', { pages: count(lastPage) })}</span>
        <Button
          icon={<RightOutlined />}
          aria-label={t('table.next')}
          disabled={page >= lastPage}
          onClick={() => {
            onChange(page + 1, size);
          }}
        />
        <Select<number>
          aria-label={t('table.pageSize')}
          value={size}
          style={{ minWidth: 140 }}
          options={sizes.map((option) => ({ value: option, label: t('table.sizeOption', { size: count(option) }) }))}
          onChange={(nextSize) => {
            onChange(1, nextSize ?? DEFAULT_PAGE_SIZE);
          }}
        />
      </Flex>
    </nav>
  );
};
